import { lazy } from 'react';

/**
 * `SanitizedHtml` in a chunk of its own, with DOMPurify, its heaviest part: for HTML a page shows
 * below the fold (the site's footer block), rendered inside a `<Suspense>`. Importing it costs the
 * importer nothing of the sanitiser; a site that imported this package's entry lazily instead would
 * bring every view of the package with it wherever the entry is also imported statically.
 */
export const LazySanitizedHtml = lazy(async () => ({ default: (await import('./SanitizedHtml.tsx')).SanitizedHtml }));
