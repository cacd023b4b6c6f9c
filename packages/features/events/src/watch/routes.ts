import type { RouteObject } from 'react-router';

/** `/watch/{id}`, inside the site's layout (spec §2). The player is a lazy chunk of its own. */
export const watchRoutes: RouteObject[] = [
  { path: 'watch/:id', lazy: async () => ({ Component: (await import('./WatchView.tsx')).WatchView }) },
];

/** `/watch_embed/{id}`: a plain layout with no header or footer (spec §2), mounted outside the site's layout. */
export const embedRoutes: RouteObject[] = [
  { path: 'watch_embed/:id', lazy: async () => ({ Component: (await import('./WatchView.tsx')).EmbedView }) },
];
