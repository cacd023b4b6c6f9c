import type { OperatorRole } from '@grandstand/contract';
import type { Database } from '../../core/db/schema.ts';
import { hashPassword } from '../accounts/index.ts';
import { findOperatorByEmail, normalEmail, upsertOperatorWithRole } from './repository.ts';

export interface SeedOperator {
  email: string;
  name: string;
  password: string;
  role: OperatorRole;
  /** The demo's platform owner (modules/channels): the flag is set, never cleared, by a seed. */
  platform_owner?: boolean;
}

async function markPlatformOwners(db: Database, operators: readonly SeedOperator[]): Promise<void> {
  const emails = operators.filter((seeded) => seeded.platform_owner).map((seeded) => normalEmail(seeded.email));
  if (emails.length > 0) await db.updateTable('operators').set({ is_platform_owner: true }).where('email', 'in', emails).execute();
}

/**
 * The demo operators of a channel's seed (channels/README.md): created, or put back as the seed
 * says (name, password, role on this channel) when the address exists, so a re-seed restores the
 * demo accounts. Their second factor, other operators and every session are left alone.
 */
export async function seedOperators(db: Database, channelId: number, operators: readonly SeedOperator[]): Promise<void> {
  // Hashed side by side (Argon2 runs on the thread pool): a seed's few operators cost about one hash's time.
  const hashes = await Promise.all(operators.map((seeded) => hashPassword(seeded.password)));
  for (const [index, seeded] of operators.entries()) {
    const passwordHash = hashes[index]!;
    const existing = await findOperatorByEmail(db, seeded.email);
    if (existing) await db.updateTable('operators').set({ name: seeded.name, password_hash: passwordHash }).where('id', '=', existing.id).execute();
    await upsertOperatorWithRole(db, { email: normalEmail(seeded.email), name: seeded.name, passwordHash, channelId, role: seeded.role });
  }
  await markPlatformOwners(db, operators);
}

/**
 * A database seeded before the seeds had operators gets the demo operators at start: those whose
 * address has no operator account yet are created with their role. An existing account is left as
 * it is, so a start never undoes what an owner or the operator changed (a removal, a role, a
 * password). Returns the addresses created.
 */
export async function addMissingOperators(db: Database, channelId: number, operators: readonly SeedOperator[]): Promise<string[]> {
  const missing: SeedOperator[] = [];
  for (const seeded of operators) if (!(await findOperatorByEmail(db, seeded.email))) missing.push(seeded);
  const hashes = await Promise.all(missing.map((seeded) => hashPassword(seeded.password)));
  for (const [index, seeded] of missing.entries()) {
    await upsertOperatorWithRole(db, { email: normalEmail(seeded.email), name: seeded.name, passwordHash: hashes[index]!, channelId, role: seeded.role });
  }
  await markPlatformOwners(db, missing);
  return missing.map((seeded) => normalEmail(seeded.email));
}
