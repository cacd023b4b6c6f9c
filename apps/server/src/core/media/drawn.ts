import { createHash } from 'node:crypto';

/**
 * Pictures drawn as SVG: team and school crests (a shield of the team's colour with its initials)
 * and the cards of events that have no recording or live signal yet (away @ home in the teams'
 * colours). An SVG shown through `<img>` loads nothing else, so crests are inlined into cards and
 * text uses the system's fonts. Every text is escaped.
 */

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** A short hash of some content, for file names of pictures whose content never changes. */
export function shortHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('base64url').replace(/[-_]/g, 'x').slice(0, 10);
}

const HEX = /^#([0-9a-f]{6})$/i;

/** `#rrggbb`, or the fallback when the value is not one. */
export function hexOr(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value.toLowerCase() : fallback;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrast(background, '#ffffff') >= contrast(background, '#111111') ? '#ffffff' : '#111111';
}

/** Mixes `hex` towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return toHex(channels(hex).map((v) => v + (target - v) * t) as [number, number, number]);
}

/** Words that name a level, a gender, a sport or a kind of club rather than the team. */
const NOT_THE_NAME = new Set(
  'high school academy club sportif sportive association des de du la le les the of st st. saint boys girls varsity jv junior hockey basketball football soccer volleyball ringuette masculin féminin u15 u16 u18'.split(
    ' ',
  ),
);

/** Up to two initials of a team or school: "Lincoln Lions Boys Varsity Basketball" → "LL". */
export function initials(name: string): string {
  // "Blizzard de Saint-Jérôme – Hockey U18 masculin": the part before the dash names the team.
  const head = name.split(/\s[–—-]\s/)[0] ?? name;
  const words = head.split(/[\s/]+/).filter((word) => word.length > 0 && /\p{L}/u.test(word) && !NOT_THE_NAME.has(word.toLowerCase()));
  const picked = (words.length > 0 ? words : head.split(/\s+/)).slice(0, 2);
  const letters = picked.map((word) => (word.match(/\p{L}|\p{N}/u)?.[0] ?? '').toLocaleUpperCase()).join('');
  return letters || '?';
}

export interface CrestInput {
  name: string;
  /** The team's colour (`#rrggbb`). */
  color: string;
  /** The second colour of the shield's band. */
  accent: string;
}

const SHIELD = 'M50 3 L95 16 V58 C95 88 75 106 50 117 C25 106 5 88 5 58 V16 Z';
const SHIELD_INNER = 'M50 10 L88 21 V58 C88 83 71 99 50 109 C29 99 12 83 12 58 V21 Z';

/** The shield's shapes in a 100 × 120 box (inlined into cards, or the root of a crest file). */
function crestShapes(input: CrestInput, id: string): string {
  const base = hexOr(input.color, '#1d4e89');
  let accent = hexOr(input.accent, '#f2a900');
  // A band that vanishes into the shield is no band: fall back to a lighter or darker shade.
  if (contrast(base, accent) < 1.6) accent = luminance(base) > 0.4 ? shade(base, -0.45) : shade(base, 0.55);
  const letters = initials(input.name);
  const ink = textOn(base);
  const size = letters.length > 1 ? (/[WM]/.test(letters) ? 33 : 40) : 52;
  return [
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(base, 0.18)}"/><stop offset="1" stop-color="${shade(base, -0.22)}"/></linearGradient>`,
    `<clipPath id="${id}c"><path d="${SHIELD_INNER}"/></clipPath></defs>`,
    `<path d="${SHIELD}" fill="${shade(base, -0.45)}"/>`,
    `<path d="${SHIELD_INNER}" fill="url(#${id}g)" stroke="${accent}" stroke-width="3"/>`,
    `<g clip-path="url(#${id}c)"><path d="M0 84 L100 64 V78 L0 98 Z" fill="${accent}"/></g>`,
    `<text x="50" y="${letters.length > 1 ? 62 : 66}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-weight="800" font-size="${size}" letter-spacing="1" fill="${ink}">${escapeXml(letters)}</text>`,
  ].join('');
}

/** A team's or school's crest as an SVG file. */
export function crestSvg(input: CrestInput): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120" width="200" height="240" role="img"><title>${escapeXml(input.name)}</title>${crestShapes(input, 'k')}</svg>`;
}

/** A crest inside a card: drawn shapes, or the channel folder's image as a data: URI. */
export type CardCrest = { kind: 'drawn'; input: CrestInput } | { kind: 'file'; dataUri: string };

export interface CardTeam {
  name: string;
  shortName: string | null;
  color: string;
  crest: CardCrest;
}

export interface CardInput {
  /** The event's name (shown when it has no teams, and as the picture's title). */
  name: string;
  channelName: string;
  /** Away first, then home (spec §3: "away @ home"). */
  teams: CardTeam[];
  colors: { dark: string; primary: string; secondary: string };
}

export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 360;
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"`;

function placeCrest(crest: CardCrest, x: number, y: number, height: number, id: string): string {
  const width = (height * 100) / 120;
  if (crest.kind === 'file') return `<image href="${crest.dataUri}" x="${x - width / 2}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet"/>`;
  return `<svg x="${x - width / 2}" y="${y}" width="${width}" height="${height}" viewBox="0 0 100 120">${crestShapes(crest.input, id)}</svg>`;
}

/** Splits a title into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${(kept[lines - 1] as string).slice(0, width - 1)}…`;
    return kept;
  }
  return out;
}

function teamLabel(team: CardTeam): string {
  const label = team.shortName ?? team.name.split(/\s[–—-]\s/)[0] ?? team.name;
  return label.length > 22 ? `${label.slice(0, 21)}…` : label;
}

/** The card of an event: two teams' colours split by a slanted seam, one team's colour, or the channel's. */
export function cardSvg(input: CardInput): string {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const dark = hexOr(input.colors.dark, '#0b1f3a');
  const primary = hexOr(input.colors.primary, '#f2a900');
  const secondary = hexOr(input.colors.secondary, '#1d4e89');
  const parts: string[] = [];
  const defs = [
    `<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></linearGradient>`,
    `<pattern id="lines" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(-24)"><rect width="7" height="14" fill="#fff" fill-opacity="0.05"/></pattern>`,
    `<radialGradient id="glow" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  ];
  const [away, home] = input.teams;
  if (away && home) {
    const a = hexOr(away.color, secondary);
    const h = hexOr(home.color, primary);
    parts.push(`<rect width="${W}" height="${H}" fill="${shade(a, -0.15)}"/>`);
    parts.push(`<path d="M${W * 0.56} 0 H${W} V${H} H${W * 0.44} Z" fill="${shade(h, -0.15)}"/>`);
    parts.push(`<rect width="${W}" height="${H}" fill="url(#lines)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`);
    parts.push(`<path d="M${W * 0.56 - 5} 0 L${W * 0.44 - 5} ${H} H${W * 0.44 + 5} L${W * 0.56 + 5} 0 Z" fill="${primary}"/>`);
    parts.push(placeCrest(away.crest, W * 0.25, 62, 168, 'a'));
    parts.push(placeCrest(home.crest, W * 0.75, 62, 168, 'h'));
    parts.push(`<circle cx="${W / 2}" cy="${H * 0.42}" r="30" fill="${dark}" stroke="${primary}" stroke-width="4"/>`);
    parts.push(`<text x="${W / 2}" y="${H * 0.42 + 11}" text-anchor="middle" ${FONT} font-weight="800" font-size="30" fill="${textOn(dark)}">@</text>`);
    parts.push(`<rect width="${W}" height="${H}" fill="url(#shine)"/>`);
    for (const [team, x, fill] of [
      [away, W * 0.25, a],
      [home, W * 0.75, h],
    ] as const) {
      parts.push(`<text x="${x}" y="${H - 44}" text-anchor="middle" ${FONT} font-weight="700" font-size="26" fill="${textOn(shade(fill, -0.3))}">${escapeXml(teamLabel(team))}</text>`);
    }
  } else if (away ?? home) {
    const team = (away ?? home) as CardTeam;
    const c = hexOr(team.color, secondary);
    parts.push(`<rect width="${W}" height="${H}" fill="${shade(c, -0.2)}"/>`);
    parts.push(`<path d="M${W * 0.62} 0 H${W} V${H} H${W * 0.48} Z" fill="${shade(c, -0.42)}"/>`);
    parts.push(`<rect width="${W}" height="${H}" fill="url(#lines)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`);
    parts.push(`<rect x="0" y="${H - 10}" width="${W}" height="10" fill="${primary}"/>`);
    parts.push(placeCrest(team.crest, W / 2, 52, 184, 't'));
    parts.push(`<rect width="${W}" height="${H}" fill="url(#shine)"/>`);
    parts.push(`<text x="${W / 2}" y="${H - 44}" text-anchor="middle" ${FONT} font-weight="700" font-size="28" fill="${textOn(shade(c, -0.35))}">${escapeXml(teamLabel(team))}</text>`);
  } else {
    // No teams (a ceremony, a concert): the channel's colours and the event's name.
    defs.push(`<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${shade(secondary, -0.25)}"/></linearGradient>`);
    parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
    parts.push(`<rect width="${W}" height="${H}" fill="url(#lines)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`);
    parts.push(`<path d="M0 ${H * 0.7} L${W} ${H * 0.56} V${H * 0.6} L0 ${H * 0.74} Z" fill="${primary}" fill-opacity="0.9"/>`);
    const ink = textOn(dark);
    parts.push(`<text x="40" y="64" ${FONT} font-weight="600" font-size="20" letter-spacing="2" fill="${primary}">${escapeXml(input.channelName.toLocaleUpperCase())}</text>`);
    const lines = wrap(input.name, 26, 3);
    lines.forEach((line, index) => {
      parts.push(`<text x="40" y="${124 + index * 46}" ${FONT} font-weight="800" font-size="38" fill="${ink}">${escapeXml(line)}</text>`);
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${escapeXml(input.name)}</title><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}
