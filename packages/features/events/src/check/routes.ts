import { lazyView } from '@grandstand/ui';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';

const PlaybackCheckPage = lazyView(async () => (await import('./PlaybackCheckPage.tsx')).PlaybackCheckPage);

/** The playback check's path (spec §2 `/simulate`), for the links to it (the FAQ, the purchase page). */
export const PLAYBACK_CHECK_PATH = '/simulate';

/** `/simulate` (spec §2): "Test your device", in its own lazy chunk with the player. */
export const checkRoutes: RouteObject[] = [{ path: 'simulate', element: createElement(PlaybackCheckPage) }];
