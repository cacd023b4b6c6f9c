import type { OperatorRole } from '@grandstand/contract';
import type { Database } from '../../core/db/schema.ts';
import type { OperatorRow } from './tables.ts';

/** Operators' emails are kept and matched in lower case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findOperatorByEmail(db: Database, email: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
}

export async function findOperator(db: Database, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleOn(db: Database, operatorId: number, channelId: number): Promise<OperatorRole | null> {
  const row = await db.selectFrom('operator_memberships').select('role').where('operator_id', '=', operatorId).where('channel_id', '=', channelId).executeTakeFirst();
  return (row?.role as OperatorRole | undefined) ?? null;
}

/** Every channel the operator holds a role on, by name. */
export async function channelsOf(db: Database, operatorId: number): Promise<Array<{ slug: string; name: string; role: OperatorRole }>> {
  const rows = await db
    .selectFrom('operator_memberships as m')
    .innerJoin('channels as c', 'c.id', 'm.channel_id')
    .select(['c.slug', 'c.name', 'm.role'])
    .where('m.operator_id', '=', operatorId)
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({ slug: row.slug, name: row.name, role: row.role as OperatorRole }));
}

/** Creates the operator, or, for an existing address, leaves the account as it is; then gives the role on the channel. */
export async function upsertOperatorWithRole(
  db: Database,
  input: { email: string; name: string; passwordHash: string; channelId: number; role: OperatorRole; language?: string },
): Promise<{ operator: OperatorRow; created: boolean }> {
  const email = normalEmail(input.email);
  let operator = await findOperatorByEmail(db, email);
  let created = false;
  if (!operator) {
    operator = await db
      .insertInto('operators')
      .values({ email, name: input.name, password_hash: input.passwordHash, language: input.language ?? 'en' })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    created = operator !== undefined;
    operator ??= (await findOperatorByEmail(db, email))!;
  }
  await db
    .insertInto('operator_memberships')
    .values({ operator_id: operator.id, channel_id: input.channelId, role: input.role })
    .onConflict((oc) => oc.columns(['operator_id', 'channel_id']).doUpdateSet({ role: input.role }))
    .execute();
  return { operator, created };
}

/** Ends the operator's sessions on the channel (a removal, a role taken away), at once. */
export async function endOperatorSessions(db: Database, operatorId: number, channelId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).where('channel_id', '=', channelId).execute();
}
