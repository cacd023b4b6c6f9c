import type { FastifyInstance } from 'fastify';
import { endUserSessions } from '../accounts/index.ts';
import { deleteAccountClips } from '../clips/account.ts';

/**
 * An account's deletion, asked for by the viewer (POST /delete-account-confirm) or made on their
 * request by the channel's support (the control room's viewers): the account is closed (its row
 * stays, marked deleted, since orders refer to it), its favourites and private calendar address go,
 * every session ends, its clips and their files are removed, and the analytics service forgets the
 * viewer (now in the background, and by its job until the service confirms). Orders and their
 * transactions stay: they are the channel's accounts. apps/server/README.md lists the same.
 */
export async function deleteViewerAccount(app: FastifyInstance, channelId: number, userId: number): Promise<{ clips: number }> {
  await app.usersRepository.softDelete(channelId, userId);
  await endUserSessions(app, channelId, userId);
  const clips = await deleteAccountClips(app, channelId, userId);
  app.analyticsForget?.afterDeletion(userId);
  return { clips };
}
