import type { User } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { viewerLimits } from './limits.ts';
import { capabilitiesOf, leftOf } from './rules.ts';
import { viewerSuspension } from '../accounts/suspension.ts';

/**
 * The profile as clips see it (spec §3 User, §6): the capabilities include those the channel
 * grants every logged-in viewer and `watch` for one in good standing, and `featureCount` says what is left of each limit (the
 * channel's, or the server's default where it sets none).
 */
export async function withClipCounters(app: FastifyInstance, channelId: number, user: User): Promise<User> {
  const config = app.channels.byId(channelId)?.config.clips;
  const [usage, suspension] = await Promise.all([app.clipsRepository.usage(channelId, user.id), viewerSuspension(app.db, channelId, user.id)]);
  const left = leftOf(viewerLimits(config, app.clips.limits), usage);
  const capabilities = capabilitiesOf(user, config);
  // spec §6: every viewer in good standing may watch; one suspended by the channel's support may not.
  if (suspension) capabilities.delete('watch');
  else capabilities.add('watch');
  return { ...user, capabilities: [...capabilities], featureCount: { clips: left.clips, downloads: left.downloads } };
}
