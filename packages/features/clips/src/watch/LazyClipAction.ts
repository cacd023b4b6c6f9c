import { lazy } from 'react';

/**
 * The Clip control as a lazy component for `createWatchRoutes({ WatchActions })`: the page that
 * lists the routes carries only this line; the control comes with the watch page's player, and the
 * editor only when the viewer presses Clip.
 */
export const LazyClipAction = lazy(() => import('./ClipAction.tsx').then((module) => ({ default: module.ClipAction })));
