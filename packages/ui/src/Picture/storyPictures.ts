import type { PictureData } from './Picture.tsx';

/**
 * Small drawings for the stories, as data URIs committed with them: the stories need no server,
 * and the site's content security policy allows `data:` images.
 */
function svg(width: number, height: number, body: string): string {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`;
}

const rink = svg(
  640,
  360,
  '<rect width="640" height="360" fill="#dfe8ef"/><rect x="20" y="20" width="600" height="320" rx="90" fill="#f7fbff" stroke="#1d4e89" stroke-width="6"/><line x1="320" y1="20" x2="320" y2="340" stroke="#c8102e" stroke-width="8"/><circle cx="320" cy="180" r="56" fill="none" stroke="#1d4e89" stroke-width="5"/><circle cx="250" cy="210" r="14" fill="#c8102e"/><circle cx="400" cy="150" r="14" fill="#002d72"/><circle cx="330" cy="190" r="6" fill="#111"/>',
);
const field = svg(
  640,
  360,
  '<rect width="640" height="360" fill="#2e8b57"/><g fill="#34a062"><rect width="80" height="360"/><rect x="160" width="80" height="360"/><rect x="320" width="80" height="360"/><rect x="480" width="80" height="360"/></g><rect x="30" y="30" width="580" height="300" fill="none" stroke="#fff" stroke-width="4"/><line x1="320" y1="30" x2="320" y2="330" stroke="#fff" stroke-width="4"/><circle cx="320" cy="180" r="50" fill="none" stroke="#fff" stroke-width="4"/>',
);
const matchup = svg(
  640,
  360,
  '<rect width="640" height="360" fill="#123524"/><path d="M0 0h360L280 360H0z" fill="#d7263d"/><circle cx="170" cy="180" r="70" fill="#fff"/><circle cx="470" cy="180" r="70" fill="#fff"/><text x="320" y="196" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">VS</text>',
);

/** A poster frame of a finished game. */
export const posterPicture: PictureData = { kind: 'poster', src: rink, srcset: null, sources: [{ type: 'image/svg+xml', srcset: `${rink} 640w` }], width: 640, height: 360 };
/** A live stream's thumbnail. */
export const livePicture: PictureData = { kind: 'live', src: field, srcset: `${field} 640w`, sources: [], width: 640, height: 360 };
/** The card drawn for a game to come. */
export const upcomingPicture: PictureData = { kind: 'upcoming', src: matchup, srcset: null, sources: [], width: 640, height: 360 };
/** A file that is not an image: the broken state. */
export const brokenPicture: PictureData = { kind: 'image', src: 'data:image/png;base64,bm90IGFuIGltYWdl', srcset: null, sources: [], width: 640, height: 360 };
/** A crest drawing. */
export const crestImage = svg(
  64,
  64,
  '<path d="M8 6h48v24c0 16-10 24-24 30C18 54 8 46 8 30z" fill="#1d4e89" stroke="#f2a900" stroke-width="3"/><path d="M22 44V20h5l10 14V20h5v24h-5L27 30v14z" fill="#fff"/>',
);
