import { type DuckDBConnection, DuckDBTimestampTZValue } from '@duckdb/node-api';
import { addressGroup } from '../address.ts';

/**
 * The reports' sign-in throttle, kept in the analytics store (`login_failures`), not in a
 * process's memory: a restart forgets nothing, and no number of invented emails pushes a real
 * account's failures out (the table has no cap; rows older than the window are deleted).
 *
 * Counted per client address (IPv6 by its /64, `addressGroup`) and per account, where "account" is
 * the email typed, known or not (the answer never tells which):
 * - an address with `addressLimit` failures in the window, whatever the emails, waits for its
 *   window to end;
 * - an address with `accountLimit` failures on one account waits for that pair's window to end;
 * - an account with `attackLimit` failures in the window, from anywhere, is under attack: each
 *   address that has failed on it may try it again only `pauseSeconds` after its last failure.
 * An address that has never failed on an account is never refused for that account's failures: a
 * stranger who knows an operator's email cannot lock the operator out, they only slow themselves.
 * A right password clears the failures of that address on that account.
 */
export interface LoginLimits {
  /** The window failures are counted over, in ms (15 minutes). */
  windowMs: number;
  /** Failures from one address (IPv6 /64), any email, in the window (20). */
  addressLimit: number;
  /** Failures from one address on one account in the window (5). */
  accountLimit: number;
  /** Failures on one account from every address in the window before each failing address must pause (10). */
  attackLimit: number;
  /** The pause, in seconds, between two tries of an account under attack from an address that failed on it (60). */
  pauseSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60_000, addressLimit: 20, accountLimit: 5, attackLimit: 10, pauseSeconds: 60 };

export const LOGIN_FAILURES_SCHEMA = `
CREATE TABLE IF NOT EXISTS login_failures (
  address   VARCHAR     NOT NULL,  -- the client's addressGroup
  email     VARCHAR     NOT NULL,  -- as typed, lower case
  failed_at TIMESTAMPTZ NOT NULL
);
`;

const ts = (ms: number) => new DuckDBTimestampTZValue(BigInt(ms) * 1000n);
const ms = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN);

export class LoginThrottle {
  readonly #connection: DuckDBConnection;
  readonly #limits: LoginLimits;
  #ready: Promise<unknown> | undefined;
  /** Statements on the connection take turns: one connection runs one statement at a time. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(connection: DuckDBConnection, limits: Partial<LoginLimits> = {}) {
    this.#connection = connection;
    this.#limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  #turn<T>(work: () => Promise<T>): Promise<T> {
    this.#ready ??= this.#connection.run(LOGIN_FAILURES_SCHEMA);
    const run = this.#queue.then(() => this.#ready).then(work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * A sign-in attempt: the seconds `ip` must wait before trying `email` (nothing recorded), or 0,
   * and then the attempt is counted as a failure at once, in the same turn as the check, so
   * attempts sent all at once cannot all pass the check while their passwords are being checked.
   * A right password then takes it back (`succeed`).
   */
  attempt(email: string, ip: string, now: number): Promise<number> {
    return this.#turn(async () => {
      const wait = await this.#retryAfter(email, ip, now);
      if (wait === 0) {
        await this.#connection.run(`INSERT INTO login_failures VALUES ($address, $email, $at)`, { address: addressGroup(ip), email, at: ts(now) });
        await this.#connection.run(`DELETE FROM login_failures WHERE failed_at <= $since`, { since: ts(now - this.#limits.windowMs) });
      }
      return wait;
    });
  }

  async #retryAfter(email: string, ip: string, now: number): Promise<number> {
    const address = addressGroup(ip);
    const { windowMs, addressLimit, accountLimit, attackLimit, pauseSeconds } = this.#limits;
    {
      const reader = await this.#connection.runAndReadAll(
        `SELECT
           count(*) FILTER (WHERE address = $address) AS by_address,
           min(failed_at) FILTER (WHERE address = $address) AS address_first,
           count(*) FILTER (WHERE address = $address AND email = $email) AS by_pair,
           min(failed_at) FILTER (WHERE address = $address AND email = $email) AS pair_first,
           max(failed_at) FILTER (WHERE address = $address AND email = $email) AS pair_last,
           count(*) FILTER (WHERE email = $email) AS by_account
         FROM login_failures
         WHERE failed_at > $since AND (address = $address OR email = $email)`,
        { address, email, since: ts(now - windowMs) },
      );
      const row = reader.getRowObjectsJS()[0] ?? {};
      const count = (key: string) => Number(row[key] ?? 0);
      const seconds = (until: number) => Math.max(1, Math.ceil((until - now) / 1000));
      let wait = 0;
      if (count('by_address') >= addressLimit) wait = Math.max(wait, seconds(ms(row['address_first']) + windowMs));
      if (count('by_pair') >= accountLimit) wait = Math.max(wait, seconds(ms(row['pair_first']) + windowMs));
      if (count('by_pair') > 0 && count('by_account') >= attackLimit) {
        const until = ms(row['pair_last']) + pauseSeconds * 1000;
        if (until > now) wait = Math.max(wait, seconds(until));
      }
      return wait;
    }
  }

  /** A right password: that address's failures on that account are cleared. */
  succeed(email: string, ip: string): Promise<void> {
    return this.#turn(async () => {
      await this.#connection.run(`DELETE FROM login_failures WHERE address = $address AND email = $email`, { address: addressGroup(ip), email });
    });
  }
}
