/**
 * Draws the demo channels' slide hero images: a rink, a court or a field under lights in the
 * channel's colours, as SVG, rendered to 1600 × 900 JPEG by ffmpeg's librsvg into
 * `channels/<slug>/slides/`. The JPEGs are committed; run this only to redraw them:
 *
 *   node scripts/hero-art.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/paths.ts';

type Surface = 'rink' | 'court' | 'field' | 'pitch';
interface Scene {
  file: string;
  surface: Surface;
  sky: [string, string];
  accent: string;
  second: string;
  /** Snowy hills behind the stands (the Laurentians). */
  hills?: boolean;
}

const W = 1600;
const H = 900;

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

function lights(x: number, top: number): string {
  const beam = `<path d="M${x - 40} ${top + 20} L${x - 380} ${H * 0.95} L${x + 380} ${H * 0.95} L${x + 40} ${top + 20} Z" fill="url(#beam)"/>`;
  const pole = `<rect x="${x - 5}" y="${top + 30}" width="10" height="${H * 0.62 - top}" fill="#0a0d14"/>`;
  const bank = [`<rect x="${x - 56}" y="${top - 6}" width="112" height="44" rx="4" fill="#0a0d14"/>`];
  for (let row = 0; row < 2; row++) for (let col = 0; col < 5; col++) bank.push(`<circle cx="${x - 44 + col * 22}" cy="${top + 6 + row * 20}" r="7" fill="#fffbe8"/>`);
  return `${beam}${pole}${bank.join('')}<circle cx="${x}" cy="${top + 16}" r="140" fill="url(#glare)"/>`;
}

function crowd(seed: number, y: number, height: number, colors: string[]): string {
  const next = random(seed);
  const dots: string[] = [];
  for (let row = 0; row < 9; row++) {
    const ry = y + 14 + row * (height / 9);
    for (let x = 6; x < W; x += 15) {
      const c = colors[Math.floor(next() * colors.length)] as string;
      dots.push(`<circle cx="${x + next() * 6}" cy="${ry + next() * 4}" r="${4.2 + next() * 1.6}" fill="${c}" fill-opacity="${0.35 + next() * 0.4}"/>`);
    }
  }
  return dots.join('');
}

/** The playing surface in perspective: a trapezoid from the far line to the near edge. */
function surface(scene: Scene): string {
  const far = H * 0.6;
  const near = H;
  const trapezoid = (inset: number) => `M${260 + inset} ${far} L${W - 260 - inset} ${far} L${W + 220 - inset} ${near} L${-220 + inset} ${near} Z`;
  const across = (t: number, color: string, width: number) => {
    const y = far + (near - far) * t;
    const spread = 260 - 480 * t;
    return `<path d="M${spread} ${y} L${W - spread} ${y}" stroke="${color}" stroke-width="${width * (0.6 + t)}"/>`;
  };
  /** The halfway line, across the whole picture. */
  const halfway = (color: string, width: number) => `<path d="M${-60} ${far + 170} L${W + 60} ${far + 170}" stroke="${color}" stroke-width="${width}"/>`;
  const ring = (color: string, width: number, ry = 60) => `<ellipse cx="${W / 2}" cy="${far + (near - far) * 0.5}" rx="${ry * 2.6}" ry="${ry}" fill="none" stroke="${color}" stroke-width="${width}"/>`;
  switch (scene.surface) {
    case 'rink':
      return [
        `<path d="${trapezoid(0)}" fill="url(#ice)"/>`,
        `<path d="M${250} ${far - 26} L${W - 250} ${far - 26} L${W - 260} ${far} L${260} ${far} Z" fill="#f4f7fb"/>`,
        `<path d="M${250} ${far - 30} L${W - 250} ${far - 30}" stroke="${scene.accent}" stroke-width="6"/>`,
        halfway('#c8102e', 10),
        across(0.18, '#1f5fa8', 9),
        across(0.82, '#1f5fa8', 12),
        ring('#c8102e', 5),
        `<circle cx="${W / 2}" cy="${far + (near - far) * 0.5}" r="9" fill="#1f5fa8"/>`,
        `<ellipse cx="${W / 2}" cy="${far + (near - far) * 0.5}" rx="150" ry="30" fill="${scene.accent}" fill-opacity="0.35"/>`,
      ].join('');
    case 'court':
      return [
        `<path d="${trapezoid(0)}" fill="url(#wood)"/>`,
        `<path d="${trapezoid(120)}" fill="none" stroke="#fff" stroke-width="6"/>`,
        across(0.5, '#fff', 6),
        ring('#fff', 6, 50),
        `<ellipse cx="${W / 2}" cy="${far + (near - far) * 0.5}" rx="126" ry="46" fill="${scene.accent}" fill-opacity="0.85"/>`,
        `<path d="M${W / 2 - 200} ${far} Q${W / 2} ${far + 120} ${W / 2 + 200} ${far}" fill="${scene.second}" fill-opacity="0.7" stroke="#fff" stroke-width="5"/>`,
      ].join('');
    case 'field':
      return [
        `<path d="${trapezoid(0)}" fill="url(#grass)"/>`,
        ...[0.08, 0.2, 0.34, 0.5, 0.67, 0.85].map((t) => across(t, '#f4f7fb', 4)),
        `<path d="${trapezoid(90)}" fill="none" stroke="#f4f7fb" stroke-width="6"/>`,
        `<ellipse cx="${W / 2}" cy="${far + (near - far) * 0.5}" rx="150" ry="40" fill="${scene.accent}" fill-opacity="0.8"/>`,
      ].join('');
    case 'pitch':
      return [
        `<path d="${trapezoid(0)}" fill="url(#grass)"/>`,
        `<path d="${trapezoid(90)}" fill="none" stroke="#f4f7fb" stroke-width="6"/>`,
        halfway('#f4f7fb', 6),
        ring('#f4f7fb', 6, 56),
        `<rect x="${W / 2 - 60}" y="${far - 46}" width="120" height="46" fill="none" stroke="#f4f7fb" stroke-width="5"/>`,
      ].join('');
  }
}

function hills(): string {
  return [
    `<path d="M0 ${H * 0.42} L180 ${H * 0.3} L330 ${H * 0.38} L520 ${H * 0.24} L720 ${H * 0.36} L900 ${H * 0.27} L1100 ${H * 0.37} L1320 ${H * 0.25} L1600 ${H * 0.35} V${H * 0.5} H0 Z" fill="#1b2838"/>`,
    `<path d="M470 ${H * 0.27} L520 ${H * 0.24} L575 ${H * 0.28} L540 ${H * 0.285} L520 ${H * 0.27} L500 ${H * 0.29} Z M1270 ${H * 0.28} L1320 ${H * 0.25} L1370 ${H * 0.285} L1330 ${H * 0.29} Z" fill="#dfe8f2"/>`,
  ].join('');
}

function sceneSvg(scene: Scene, seed: number): string {
  const next = random(seed);
  const stars = Array.from({ length: 70 }, () => `<circle cx="${next() * W}" cy="${next() * H * 0.3}" r="${0.8 + next() * 1.6}" fill="#fff" fill-opacity="${0.3 + next() * 0.6}"/>`).join('');
  const standTop = H * 0.4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.34"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></linearGradient>
<radialGradient id="glare"><stop offset="0" stop-color="#fffbe8" stop-opacity="0.75"/><stop offset="0.25" stop-color="#fff2c0" stop-opacity="0.25"/><stop offset="1" stop-color="#fff2c0" stop-opacity="0"/></radialGradient>
<linearGradient id="ice" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f2"/><stop offset="1" stop-color="#f2f8fc"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7773c"/><stop offset="1" stop-color="#e0a86a"/></linearGradient>
<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f5c2e"/><stop offset="1" stop-color="#3f9a4c"/></linearGradient>
<linearGradient id="stand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#121826"/><stop offset="1" stop-color="#1d2536"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.55" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}
${scene.hills ? hills() : ''}
<rect x="0" y="${standTop}" width="${W}" height="${H * 0.22}" fill="url(#stand)"/>
${crowd(seed, standTop, H * 0.2, ['#f4f7fb', scene.accent, scene.second, '#9aa7bd'])}
<rect x="0" y="${standTop - 8}" width="${W}" height="12" fill="${scene.accent}"/>
<rect x="0" y="${H * 0.6 - 14}" width="${W}" height="14" fill="${scene.second}"/>
${surface(scene)}
${lights(170, 70)}${lights(W - 170, 70)}${lights(W / 2 - 330, 130)}${lights(W / 2 + 330, 130)}
<rect width="${W}" height="${H}" fill="url(#shade)"/>
<rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

const channels: Record<string, Scene[]> = {
  northfield: [
    { file: 'court-lights.jpg', surface: 'court', sky: ['#050b17', '#0b1f3a'], accent: '#f2a900', second: '#1d4e89' },
    { file: 'field-final.jpg', surface: 'field', sky: ['#060a14', '#13294b'], accent: '#f2a900', second: '#1d4e89' },
    { file: 'rink-lions.jpg', surface: 'rink', sky: ['#070b16', '#1d2f52'], accent: '#c8102e', second: '#f2a900' },
    { file: 'season-pass.jpg', surface: 'pitch', sky: ['#03060d', '#0b1f3a'], accent: '#f2a900', second: '#1d4e89' },
  ],
  laurentides: [
    { file: 'patinoire-tournoi.jpg', surface: 'rink', sky: ['#040a08', '#123524'], accent: '#d7263d', second: '#2e8b57', hills: true },
    { file: 'patinoire-u18.jpg', surface: 'rink', sky: ['#06100c', '#1c3b2c'], accent: '#2e8b57', second: '#d7263d' },
    { file: 'terrain-blizzard.jpg', surface: 'pitch', sky: ['#050b10', '#16324f'], accent: '#1f5fa8', second: '#d7263d', hills: true },
    { file: 'forfait-saison.jpg', surface: 'court', sky: ['#040a08', '#123524'], accent: '#d7263d', second: '#2e8b57' },
  ],
};

const work = join(repoRoot, '.data', 'hero-art');
mkdirSync(work, { recursive: true });
let seed = 7;
for (const [slug, scenes] of Object.entries(channels)) {
  const dir = join(repoRoot, 'channels', slug, 'slides');
  mkdirSync(dir, { recursive: true });
  for (const scene of scenes) {
    const svg = join(work, `${slug}-${scene.file}.svg`);
    writeFileSync(svg, sceneSvg(scene, seed++));
    const out = join(dir, scene.file);
    // The smallest quality scale that keeps the file at most 60 KB.
    for (const q of [4, 5, 6, 7, 8, 9, 10, 12]) {
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', svg, '-vf', 'format=yuvj420p', '-q:v', String(q), out]);
      if (statSync(out).size <= 60_000) break;
    }
    console.log(`${out}: ${statSync(out).size} bytes`);
  }
}
rmSync(work, { recursive: true, force: true });
