import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { databaseCounter } from '../../core/rateLimit/store.ts';
import { sha256 } from './auth.ts';

/**
 * The console's sign-in throttle, counted in the shared store of the server's rate limits
 * (`rate_limit_hits`), so every instance on the database counts the same tries. The same shape as
 * the reports' sign-in: per client address (IPv6 by its /64), per address and account, and per
 * account under attack (the email as typed, known or not: the answer never tells which):
 * - an address with `addressLimit` tries in the window, whatever the emails, waits for its window;
 * - an address with `accountLimit` tries on one account waits for that pair's window;
 * - an account with `attackLimit` failed tries in the window, from anywhere, is under attack: an
 *   address that has failed on it may try it once each `pauseSeconds`. An address that never failed
 *   on that account is not held back by it: a stranger who knows an operator's email cannot lock
 *   them out, only slow themselves.
 * Each try is counted before the password is checked (tries sent all at once cannot all pass the
 * check), and a right password takes back that address's tries on that account from every count.
 */
export interface SignInLimits {
  /** The window tries are counted over, in ms. Default 15 minutes. */
  windowMs: number;
  /** Tries from one address, any email, in the window. Default 20. */
  addressLimit: number;
  /** Tries from one address on one account in the window. Default 5. */
  accountLimit: number;
  /** Failed tries on one account, from every address, before each failing address must pause. Default 10. */
  attackLimit: number;
  /** The pause between two tries of an account under attack from an address that failed on it, in seconds. Default 60. */
  pauseSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { windowMs: 15 * 60_000, addressLimit: 20, accountLimit: 5, attackLimit: 10, pauseSeconds: 60 };

export interface SignInTry {
  /** Seconds to wait before trying again, or 0: the try may go on. */
  retryAfter: number;
  /** A right password: takes back this try's count for its address and pair. */
  succeed(): Promise<void>;
}

export interface SignInThrottle {
  attempt(ip: string, account: string): Promise<SignInTry>;
}

export function signInThrottle(db: Database, limits: SignInLimits, scope = 'console-sign-in'): SignInThrottle {
  const counter = databaseCounter(db);
  return {
    async attempt(ip, account) {
      const address = normalizeIP(ip);
      const who = sha256(account.trim().toLowerCase());
      const keys = {
        address: `${scope}|address|${address}`,
        pair: `${scope}|pair|${address}|${who}`,
        account: `${scope}|account|${who}`,
        pause: `${scope}|pause|${address}|${who}`,
      };
      const wait = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
      const byAddress = await counter.hit(keys.address, limits.windowMs);
      const noGo = (retryAfter: number): SignInTry => ({ retryAfter, succeed: async () => undefined });
      if (byAddress.current > limits.addressLimit) return noGo(wait(byAddress.ttl));
      const byPair = await counter.hit(keys.pair, limits.windowMs);
      if (byPair.current > limits.accountLimit) return noGo(wait(byPair.ttl));
      const byAccount = await counter.hit(keys.account, limits.windowMs);
      // Under attack, and this address failed on the account before (its pair counts an earlier try).
      if (byAccount.current > limits.attackLimit && byPair.current > 1) {
        const pause = await counter.hit(keys.pause, limits.pauseSeconds * 1000);
        if (pause.current > 1) return noGo(wait(pause.ttl));
      }
      return {
        retryAfter: 0,
        async succeed() {
          // This address's tries on this account (this one included) leave every count they are in.
          const pair = await db.deleteFrom('rate_limit_hits').where('key', '=', keys.pair).returning('hits').executeTakeFirst();
          await db.deleteFrom('rate_limit_hits').where('key', '=', keys.pause).execute();
          const taken = Math.max(1, pair?.hits ?? 1);
          await db
            .updateTable('rate_limit_hits')
            .set((eb) => ({ hits: sql<number>`greatest(${eb.ref('hits')} - ${taken}, 0)` }))
            .where('key', 'in', [keys.address, keys.account])
            .execute();
        },
      };
    },
  };
}
