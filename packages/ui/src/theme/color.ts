interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A `#rrggbb` (or `#rgb`) colour's channels. A channel's colours are hex by the contract
 * (`HexColor`), so a colour library's parser of every CSS notation (6 KB of every page's start)
 * would read nothing more here; anything else reads as black rather than stopping the page.
 */
function toRgb(color: string): Rgb {
  const digits = HEX.exec(color.trim())?.[1] ?? '000';
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const value = Number.parseInt(full, 16);
  return { r: value >> 16, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${(((1 << 24) | (r << 16) | (g << 8) | b) >>> 0).toString(16).slice(1)}`;
}

/** WCAG 2.x relative luminance, unrounded. */
function luminance(hex: string): number {
  const { r, g, b } = toRgb(hex);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const AA_TEXT = 4.5;
/** WCAG 1.4.11: focus rings, input borders and other non-text parts need 3:1. */
export const AA_NON_TEXT = 3;

const WHITE = '#ffffff';
const BLACK = '#000000';

/** The more readable of black and white on `background`; at worst 4.58:1, so always AA. */
export function readableOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * Keeps `color` when it reaches `ratio` on every background, otherwise walks it towards black or
 * white until it does. It first walks the way it already leans (a dark text gets darker), so a
 * channel's dark red stays a dark red; only if that side has no room does it cross to the other.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], ratio: number): string {
  const passes = (candidate: string) => backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio);
  const start = normalizeHex(color);
  if (passes(start)) return start;
  const meanBackground = backgrounds.reduce((sum, bg) => sum + luminance(bg), 0) / backgrounds.length;
  const leansDark = luminance(start) <= meanBackground;
  for (const target of leansDark ? [BLACK, WHITE] : [WHITE, BLACK]) {
    for (let step = 1; step <= 50; step += 1) {
      // Mixed in sRGB as `flatten` does: a perceptual (LAB) mix would only pick a slightly
      // different shade of the same walk.
      const candidate = flatten(target, step / 50, start);
      if (passes(candidate)) return candidate;
    }
  }
  // Two very different backgrounds may leave no single readable colour; the better extreme is all that is left.
  const worst = (candidate: string) => Math.min(...backgrounds.map((bg) => contrastRatio(candidate, bg)));
  return worst(WHITE) >= worst(BLACK) ? WHITE : BLACK;
}

/** `color` laid over `background` at `alpha`, as one opaque colour (for contrast maths). */
export function flatten(color: string, alpha: number, background: string): string {
  // Browsers composite in sRGB, so this blends channels directly rather than in a perceptual space.
  const top = toRgb(color);
  const bottom = toRgb(background);
  const blend = (a: number, b: number) => Math.round(a * alpha + b * (1 - alpha));
  return toHex({ r: blend(top.r, bottom.r), g: blend(top.g, bottom.g), b: blend(top.b, bottom.b) });
}

/** `color` at `percent` % opacity as an rgba() string (spec §9 alpha variants). */
export function withAlpha(color: string, percent: number): string {
  const { r, g, b } = toRgb(color);
  return `rgba(${r}, ${g}, ${b}, ${percent / 100})`;
}

/** `color` as lower-case `#rrggbb`. */
export function normalizeHex(color: string): string {
  return toHex(toRgb(color));
}
