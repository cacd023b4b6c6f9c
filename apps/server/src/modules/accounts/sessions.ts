import type { Database } from '../../core/db/schema.ts';
import type { KeysForgottenBus } from '../../core/buses.ts';
import { hashApiKey, newApiKey } from './apiKeyRepository.ts';

/** Where sessions live and whom to tell of ended keys: the app (`app.db`, `app.keysForgotten`) fits. */
export interface SessionStore {
  db: Database;
  keysForgotten: KeysForgottenBus;
}

/**
 * The session is the api key. A login (or registration, or social login) binds the user
 * to a FRESH key; the key the call was made with (`replaceKey`) is deleted and stops working at
 * once in this process (other processes: when the database's notice reaches them).
 */
export async function startSession({ db, keysForgotten }: SessionStore, options: { channelId: number; userId: number; replaceKey?: string }): Promise<string> {
  const key = newApiKey();
  await db.transaction().execute(async (tx) => {
    const now = new Date();
    await tx.insertInto('api_keys').values({ channel_id: options.channelId, key_hash: hashApiKey(key), user_id: options.userId, session_started_at: now, last_used_at: now }).execute();
    if (options.replaceKey !== undefined) {
      await tx.deleteFrom('api_keys').where('key_hash', '=', hashApiKey(options.replaceKey)).where('channel_id', '=', options.channelId).execute();
    }
  });
  if (options.replaceKey !== undefined) keysForgotten.emit([hashApiKey(options.replaceKey)]);
  return key;
}

/** Logout: the key is deleted; later calls with it get the key-invalid answer (spec §8). */
export async function endSession({ db, keysForgotten }: SessionStore, key: string): Promise<void> {
  const hash = hashApiKey(key);
  await db.deleteFrom('api_keys').where('key_hash', '=', hash).execute();
  keysForgotten.emit([hash]);
}

/**
 * Every session of the user (account deletion, password reset), or every other one (`exceptKeyId`:
 * a password change keeps the session that made it), and the user's calendar address. This process
 * forgets the keys at once, others when the database's notice of ended keys reaches them.
 */
export async function endUserSessions({ db, keysForgotten }: SessionStore, channelId: number, userId: number, options: { exceptKeyId?: number } = {}): Promise<void> {
  let query = db.deleteFrom('api_keys').where('channel_id', '=', channelId).where('user_id', '=', userId);
  if (options.exceptKeyId !== undefined) query = query.where('id', '!=', options.exceptKeyId);
  const rows = await query.returning('key_hash').execute();
  keysForgotten.emit(rows.map((r) => r.key_hash));
  // The private calendar address is a standing credential of the account too: whoever copied it
  // while they held a session (or the password) loses it with the sessions; the viewer's next ask
  // makes a new one.
  await db.deleteFrom('favorite_calendars').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
}

/**
 * Binds an existing key (a linked device's) to the user; the device's next call is the user's. The
 * session's lifetimes count from now, not from when the device got its visitor key.
 */
export async function bindKeyToUser({ db, keysForgotten }: SessionStore, options: { channelId: number; keyId: number; userId: number }): Promise<boolean> {
  const now = new Date();
  const row = await db
    .updateTable('api_keys')
    .set({ user_id: options.userId, session_started_at: now, last_used_at: now })
    .where('channel_id', '=', options.channelId)
    .where('id', '=', options.keyId)
    .returning('key_hash')
    .executeTakeFirst();
  if (row) keysForgotten.emit([row.key_hash]);
  return row !== undefined;
}
