import type { ConsoleOperator } from '@grandstand/contract';
import type { Database } from '../../core/db/schema.ts';
import type { ResolvedSession } from './auth.ts';
import { channelsOf } from './repository.ts';

/** The operator as the console shows them (GET /session, the sign-in's answer). */
export async function operatorView(db: Database, session: Pick<ResolvedSession, 'operator' | 'role' | 'channel' | 'totpSetupRequired'>): Promise<ConsoleOperator> {
  const { operator, channel } = session;
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role: session.role,
    channel: { slug: channel.config.slug, name: channel.config.name },
    totpEnabled: operator.totp_enabled_at !== null,
    totpSetupRequired: session.totpSetupRequired,
    channels: await channelsOf(db, operator.id),
    platformOwner: operator.is_platform_owner,
  };
}
