import type { User } from '@grandstand/contract';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { UserRow } from './tables.ts';

export interface NewUser {
  channelId: number;
  email: string;
  /** null for an account made by a social login (no password to log in with). */
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  verified: boolean;
  temporaryPassword?: boolean;
}

export interface UsersRepository {
  /** The live (not deleted) user of the channel with this email, case-insensitively. */
  findByEmail(channelId: number, email: string): Promise<UserRow | undefined>;
  findById(channelId: number, id: number): Promise<UserRow | undefined>;
  /** Throws EmailTakenError when the channel already has a live user with this email. */
  create(user: NewUser): Promise<UserRow>;
  markVerified(channelId: number, id: number): Promise<void>;
  /**
   * Verifies an unverified account and removes its password (a social sign-in proved the address,
   * not the password). False when the account was verified already (nothing changed).
   */
  verifyDroppingPassword(channelId: number, id: number): Promise<boolean>;
  setPassword(channelId: number, id: number, hash: string, options?: { temporary?: boolean }): Promise<void>;
  setNames(channelId: number, id: number, names: { firstName?: string; lastName?: string }): Promise<void>;
  /**
   * Soft deletion: the row stays with deleted_at set; the caller ends the user's sessions. False when
   * the account was deleted already (by another request): nothing is changed then.
   */
  softDelete(channelId: number, id: number): Promise<boolean>;
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

/** Both engines report a unique violation as SQLSTATE 23505. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Every query is scoped by the channel: a key of one channel never reaches another's users. */
export function createUsersRepository(db: Database): UsersRepository {
  const live = () => db.selectFrom('users').selectAll().where('deleted_at', 'is', null);
  return {
    findByEmail: (channelId, email) =>
      live()
        .where('channel_id', '=', channelId)
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst(),
    findById: (channelId, id) => live().where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst(),
    async create(user) {
      try {
        return await db
          .insertInto('users')
          .values({
            channel_id: user.channelId,
            email: user.email.trim(),
            password_hash: user.passwordHash,
            first_name: user.firstName,
            last_name: user.lastName,
            email_verified_at: user.verified ? new Date() : null,
            temporary_password: user.temporaryPassword ?? false,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
    },
    async markVerified(channelId, id) {
      await db.updateTable('users').set({ email_verified_at: new Date() }).where('channel_id', '=', channelId).where('id', '=', id).where('email_verified_at', 'is', null).execute();
    },
    async verifyDroppingPassword(channelId, id) {
      const row = await db
        .updateTable('users')
        .set({ email_verified_at: new Date(), password_hash: null, temporary_password: false })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async setPassword(channelId, id, hash, options = {}) {
      await db.updateTable('users').set({ password_hash: hash, temporary_password: options.temporary ?? false }).where('channel_id', '=', channelId).where('id', '=', id).execute();
    },
    async setNames(channelId, id, names) {
      const values: { first_name?: string; last_name?: string } = {};
      if (names.firstName !== undefined) values.first_name = names.firstName;
      if (names.lastName !== undefined) values.last_name = names.lastName;
      if (Object.keys(values).length === 0) return;
      await db.updateTable('users').set(values).where('channel_id', '=', channelId).where('id', '=', id).execute();
    },
    async softDelete(channelId, id) {
      // The row stays (orders refer to it), but what only served the viewer goes with the account:
      // their favourites and their private calendar address (whose feed then answers 404). Inside
      // the caller's transaction when there is one (a deletion and its audit line commit together).
      const close = async (tx: Database) => {
        const closed = await tx.updateTable('users').set({ deleted_at: new Date() }).where('channel_id', '=', channelId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
        if (Number(closed.numUpdatedRows) === 0) return false;
        await tx.deleteFrom('favorites').where('channel_id', '=', channelId).where('user_id', '=', id).execute();
        await tx.deleteFrom('favorite_calendars').where('channel_id', '=', channelId).where('user_id', '=', id).execute();
        return true;
      };
      return db.isTransaction ? close(db) : db.transaction().execute(close);
    },
  };
}

/**
 * What a module above accounts adds to the user that GET /profile and a new session show (clips:
 * the capabilities the channel grants and what is left of each limit). Accounts cannot import
 * those modules; they add their part here when they are registered.
 */
export type UserAddition = (channelId: number, user: User) => Promise<User>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' additions to the user, applied in the order they were registered. */
    userAdditions: UserAddition[];
  }
}

/** `app.usersRepository`: built once on the app's database. */
export default fp(
  async (app) => {
    app.decorate('usersRepository', createUsersRepository(app.db));
    app.decorate('userAdditions', [] as UserAddition[]);
  },
  { name: 'users-repository', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}
