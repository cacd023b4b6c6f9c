import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { createBus } from '../../core/buses.ts';
import { hashApiKey } from './apiKeyRepository.ts';
import { ARGON2_PARAMETERS, createUsersRepository, EmailTakenError, endSession, endUserSessions, hashPassword, setPasswordHashCost, startSession, toContractUser, verifyPassword } from './index.ts';

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters in PHC format and verifies', async () => {
    // The suite's own cost (test/setup/passwordCost.ts) set aside: the server's cost is this one.
    const suiteCost = setPasswordHashCost(ARGON2_PARAMETERS);
    try {
      const hash = await hashPassword('correct horse battery staple');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
      expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    } finally {
      setPasswordHashCost(suiteCost);
    }
  });

  it('verifies a hash made at another cost, which its PHC string carries', async () => {
    const suiteCost = setPasswordHashCost({ memory: 2048, passes: 3 });
    const hash = await hashPassword('correct horse battery staple');
    setPasswordHashCost(suiteCost);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=2048,t=3,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
  });

  it('salts every hash and refuses what is not a PHC string', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=1,t=1,p=1$$', 'x')).toBe(false);
  });
});

describe('users and sessions', () => {
  let database: TestDatabase;
  let channelA: number;
  let channelB: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const channels = await database.db.selectFrom('channels').select(['id', 'slug']).orderBy('id').execute();
    channelA = channels[0]!.id;
    channelB = channels[1]!.id;
  });
  afterAll(async () => database.close());

  it('keeps emails unique per channel, case-insensitively, and scopes reads by channel', async () => {
    const users = createUsersRepository(database.db);
    const created = await users.create({ channelId: channelA, email: 'Fan@Example.com', passwordHash: null, firstName: 'Ada', lastName: 'Fan', verified: false });
    await expect(users.create({ channelId: channelA, email: 'fan@example.COM', passwordHash: null, firstName: 'A', lastName: 'B', verified: false })).rejects.toBeInstanceOf(EmailTakenError);
    const other = await users.create({ channelId: channelB, email: 'fan@example.com', passwordHash: null, firstName: 'B', lastName: 'Fan', verified: true });
    expect((await users.findByEmail(channelA, ' FAN@example.com '))?.id).toBe(created.id);
    expect(await users.findById(channelB, created.id)).toBeUndefined();
    expect((await users.findById(channelB, other.id))?.email_verified_at).toBeInstanceOf(Date);

    await users.markVerified(channelA, created.id);
    await users.setPassword(channelA, created.id, 'hash', { temporary: true });
    const row = await users.findById(channelA, created.id);
    expect(row?.email_verified_at).toBeInstanceOf(Date);
    expect(toContractUser(row!)).toEqual({
      id: created.id,
      email: 'Fan@Example.com',
      first_name: 'Ada',
      last_name: 'Fan',
      temporary_password: true,
      trial_period_used: false,
      is_geo_blocked: false,
      capabilities: [],
      featureCount: {},
    });

    await users.softDelete(channelA, created.id);
    expect(await users.findByEmail(channelA, 'fan@example.com')).toBeUndefined();
    // A deleted account's address can register again.
    await expect(users.create({ channelId: channelA, email: 'fan@example.com', passwordHash: null, firstName: 'C', lastName: 'D', verified: false })).resolves.toBeDefined();
  });

  it('starts a session on a fresh key, deletes the replaced one, and ends sessions', async () => {
    const users = createUsersRepository(database.db);
    const user = await users.create({ channelId: channelA, email: 'session@example.com', passwordHash: null, firstName: 'S', lastName: 'S', verified: true });
    const forgotten: string[] = [];
    const store = { db: database.db, keysForgotten: createBus<readonly string[]>() };
    store.keysForgotten.on((hashes) => forgotten.push(...hashes));
    const first = await startSession(store, { channelId: channelA, userId: user.id });
    const second = await startSession(store, { channelId: channelA, userId: user.id, replaceKey: first });
    expect(second).not.toBe(first);
    const hashes = async () => (await database.db.selectFrom('api_keys').select('key_hash').where('user_id', '=', user.id).execute()).map((r) => r.key_hash);
    expect(await hashes()).toEqual([hashApiKey(second)]);
    const third = await startSession(store, { channelId: channelA, userId: user.id });
    await endSession(store, third);
    expect(await hashes()).toEqual([hashApiKey(second)]);
    await endUserSessions(store, channelA, user.id);
    expect(await hashes()).toEqual([]);
    // Each ended key was told to the store's listeners (the app's key cache).
    expect(forgotten).toEqual([hashApiKey(first), hashApiKey(third), hashApiKey(second)]);
  });
});
