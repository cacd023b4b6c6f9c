import { mediaCacheDir } from '../../src/core/media/cache.ts';

/**
 * The media files prepare the same media (alpha's, 20 s at a tiny rendition): after the first,
 * each copies it from this machine's media cache, as `prepare-media` does (`MEDIA_CACHE_DIR`).
 */
export const TEST_MEDIA_CACHE = mediaCacheDir(process.env);
