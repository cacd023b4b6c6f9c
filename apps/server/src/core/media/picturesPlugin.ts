import { join } from 'node:path';
import fp from 'fastify-plugin';
import { Pictures } from './pictures.ts';
import { repoRoot } from '../paths.ts';

export interface PicturesPluginOptions {
  /** The media directory (as the media plugin's). Default: `<repo>/.data/media`. */
  dir?: string;
  /** The live signals' mode: `off` means no live thumbnails (live events show their card). */
  live?: string;
}

/** `app.pictures`: the picture URLs the repositories put on events, teams, schools and slides (core/media/pictures.ts). */
export default fp<PicturesPluginOptions>(
  async (app, options) => {
    app.decorate('pictures', new Pictures({ dir: options.dir ?? join(repoRoot, '.data', 'media'), channelById: (id) => app.channels.byId(id), liveThumbnails: options.live !== 'off' }));
  },
  { name: 'pictures', dependencies: ['db'] },
);
