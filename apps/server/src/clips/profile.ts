import type { User } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { capabilitiesOf, leftOf } from './rules.ts';

/**
 * The profile as clips see it (spec §3 User, §6): the capabilities include those the channel
 * grants every logged-in viewer, and `featureCount` says what is left of each limit the channel
 * sets (a limit it does not set is not counted).
 */
export async function withClipCounters(app: FastifyInstance, channelId: number, user: User): Promise<User> {
  const config = app.channels.byId(channelId)?.config.clips;
  const left = leftOf(config, await app.clipsRepository.usage(channelId, user.id));
  const featureCount: User['featureCount'] = {};
  if (left.clips !== null) featureCount.clips = left.clips;
  if (left.downloads !== null) featureCount.downloads = left.downloads;
  return { ...user, capabilities: [...capabilitiesOf(user, config)], featureCount };
}
