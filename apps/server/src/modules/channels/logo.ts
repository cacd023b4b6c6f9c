import type { CHANNEL_LOGO_TYPES } from '@grandstand/contract';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Why an uploaded logo is refused, or null. The bytes must be what the type says (a PNG's or
 * JPEG's signature, an SVG document). An SVG is shown as the site's logo and favicon and served
 * from the channel's own origin, so one that could run anything is refused rather than cleaned:
 * scripts, event handlers, `javascript:` addresses, embedded documents, and references to other
 * addresses (an SVG logo loads nothing, as the folder's logos do not).
 */
export function logoProblem(type: (typeof CHANNEL_LOGO_TYPES)[number], body: Buffer): string | null {
  if (type === 'image/png') return body.subarray(0, PNG.length).equals(PNG) ? null : 'The file is not a PNG picture.';
  if (type === 'image/jpeg') return body.subarray(0, JPEG.length).equals(JPEG) ? null : 'The file is not a JPEG picture.';
  const text = body.toString('utf8');
  if (text.includes('\uFFFD') || !/<svg[\s>]/i.test(text)) return 'The file is not an SVG picture.';
  if (/<script[\s>/]/i.test(text)) return 'The SVG has a script: logos may not run anything.';
  if (/\son[a-z]+\s*=/i.test(text)) return 'The SVG has an event handler (on…=): logos may not run anything.';
  if (/javascript\s*:/i.test(text)) return 'The SVG has a javascript: address: logos may not run anything.';
  if (/<(foreignObject|iframe|embed|object|use|image|a|animate|set|handler|listener)[\s>/]/i.test(text)) return 'The SVG embeds other content or links: draw the logo with shapes and paths only.';
  if (/<!ENTITY|<!DOCTYPE/i.test(text)) return 'The SVG declares entities or a document type: remove them.';
  if (/(href|src)\s*=\s*["']?\s*(?!#)[a-z]/i.test(text) || /url\(\s*["']?\s*(?!#)[a-z]/i.test(text)) return 'The SVG refers to other addresses: a logo loads nothing.';
  return null;
}
