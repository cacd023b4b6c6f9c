import type { User } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { viewerLimits } from './limits.ts';
import { capabilitiesOf, leftOf } from './rules.ts';

/**
 * The profile as clips see it (spec §3 User, §6): the capabilities include those the channel
 * grants every logged-in viewer, and `featureCount` says what is left of each limit (the
 * channel's, or the server's default where it sets none).
 */
export async function withClipCounters(app: FastifyInstance, channelId: number, user: User): Promise<User> {
  const config = app.channels.byId(channelId)?.config.clips;
  const left = leftOf(viewerLimits(config, app.clips.limits), await app.clipsRepository.usage(channelId, user.id));
  return { ...user, capabilities: [...capabilitiesOf(user, config)], featureCount: { clips: left.clips, downloads: left.downloads } };
}
