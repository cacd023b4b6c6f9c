import { LimitKind, type User } from '@grandstand/contract';
import type { UserRow } from './tables.ts';

/** spec §3 User as the api answers it; capabilities lowercased (spec §3: they become flags). */
export function toContractUser(row: UserRow): User {
  const featureCount: User['featureCount'] = {};
  for (const [kind, count] of Object.entries(row.feature_count ?? {})) {
    const parsed = LimitKind.safeParse(kind);
    if (parsed.success && Number.isInteger(count) && count >= 0) featureCount[parsed.data] = count;
  }
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    temporary_password: row.temporary_password,
    trial_period_used: row.trial_period_used,
    is_geo_blocked: row.is_geo_blocked,
    capabilities: (row.capabilities ?? []).map((c) => String(c).toLowerCase()),
    featureCount,
  };
}
