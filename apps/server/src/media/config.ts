/** When the live test signals run (`MEDIA_LIVE`): all at start-up, on a viewer's first request, or never. */
export type LiveMode = 'eager' | 'on-demand' | 'off';
