import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/schema.ts';
import { createUsersRepository, endUserSessions } from '../accounts/index.ts';
import { deleteAccountClips } from '../clips/account.ts';

/**
 * An account's deletion, asked for by the viewer (POST /delete-account-confirm) or made on their
 * request by the channel's support (the control room's viewers): the account is closed (its row
 * stays, marked deleted, since orders refer to it), its favourites and private calendar address go,
 * every session ends, its clips and their files are removed, and the analytics service forgets the
 * viewer (now in the background, and by its job until the service confirms). Orders and their
 * transactions stay: they are the channel's accounts. apps/server/README.md lists the same.
 *
 * What the database holds changes in one transaction, with the caller's audit line (`audit`, given
 * the number of clips removed) when support deletes: a deletion is never left without its line,
 * nor a line without its deletion. The clips' files and the analytics service follow once it has
 * committed. Null when another request deleted the account first (two operators, or two tabs): the
 * account's row is locked by the first, and the second then changes and audits nothing.
 */
export async function deleteViewerAccount(app: FastifyInstance, channelId: number, userId: number, audit?: (tx: Database, deleted: { clips: number }) => Promise<void>): Promise<{ clips: number } | null> {
  const deleted = await app.db.transaction().execute(async (tx) => {
    if (!(await createUsersRepository(tx).softDelete(channelId, userId))) return null;
    // A session key forgotten by the caches before the commit costs a lookup at most; one that
    // outlived its deletion would not.
    await endUserSessions({ db: tx, keysForgotten: app.keysForgotten }, channelId, userId);
    const removed = await deleteAccountClips(app, tx, channelId, userId);
    await audit?.(tx, { clips: removed.count });
    return { clips: removed.count, removeFiles: removed.removeFiles };
  });
  if (!deleted) return null;
  await deleted.removeFiles();
  app.analyticsForget?.afterDeletion(userId);
  return { clips: deleted.clips };
}
