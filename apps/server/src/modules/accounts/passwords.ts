import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, parallelism 1), stored as a
 * PHC string so the parameters travel with the hash and can be raised later without a migration:
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64, as the reference tools write it).
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 } as const;

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,64})\$([A-Za-z0-9+/]{16,128})$/;

function derive(password: string, salt: Buffer, memory: number, passes: number, parallelism: number, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password, nonce: salt, memory, passes, parallelism, tagLength }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/** The memory (KiB) and passes a new hash costs. */
export interface PasswordHashCost {
  memory: number;
  passes: number;
}

let newHashCost: PasswordHashCost = ARGON2_PARAMETERS;

/**
 * Sets what new hashes cost and answers the cost it replaces. Only the server's own test suite
 * lowers it, as Django's and Devise's test settings do: it hashes about 1,450 passwords a run, 100
 * CPU seconds at the parameters above. A hash carries its parameters, so hashes of either cost verify.
 */
export function setPasswordHashCost(cost: PasswordHashCost): PasswordHashCost {
  const previous = newHashCost;
  newHashCost = { memory: cost.memory, passes: cost.passes };
  return previous;
}

export async function hashPassword(password: string): Promise<string> {
  const { parallelism, tagLength, saltLength } = ARGON2_PARAMETERS;
  const { memory, passes } = newHashCost;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, memory, passes, parallelism, tagLength);
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

/** False for a wrong password and for anything that is not one of our PHC strings (never throws on bad input). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const match = PHC.exec(hash);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(m), Number(t), Number(p), expectedKey.length);
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

let dummy: Promise<string> | undefined;
/**
 * A hash to verify against when the email is unknown, so a login takes as long for an unknown
 * address as for a known one with a wrong password (similar timing).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
}
