import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** One person allowed to read some channels' reports. */
export interface Operator {
  email: string;
  name: string;
  /** The channel slugs this operator reads, or every configured channel. */
  channels: readonly string[] | '*';
  /** An Argon2id hash in its PHC string form (`$argon2id$v=19$m=…`). */
  password_hash: string;
}

export interface ChannelInfo {
  slug: string;
  name: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

const OperatorSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'must be an email address' })),
  name: z.string().trim().min(1).max(200),
  channels: z.union([z.literal('*'), z.array(z.string().regex(SLUG, 'must be a channel slug')).min(1)]),
  // Only Argon2id: the other variants and other algorithms are refused rather than silently verified.
  password_hash: z.string().regex(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/, 'must be an Argon2id hash'),
});

const OperatorsSchema = z.array(OperatorSchema).superRefine((operators, ctx) => {
  const seen = new Set<string>();
  operators.forEach((operator, index) => {
    if (seen.has(operator.email)) {
      ctx.addIssue({ code: 'custom', path: [index, 'email'], message: 'appears twice' });
    }
    seen.add(operator.email);
  });
});

/**
 * Parses `ANALYTICS_OPERATORS`: a JSON array of `{ email, name, channels: string[] | "*", password_hash }`.
 * Throws an error naming the entry and field at fault, so a bad configuration stops the service at start.
 */
export function parseOperators(json: string): Operator[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`ANALYTICS_OPERATORS is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const result = OperatorsSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(root)';
    throw new Error(`ANALYTICS_OPERATORS ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** The channels an operator may read, in the configured order; unknown slugs are ignored. */
export function channelsOf(operator: Operator, channels: readonly ChannelInfo[]): ChannelInfo[] {
  if (operator.channels === '*') return [...channels];
  const allowed = new Set(operator.channels);
  return channels.filter((channel) => allowed.has(channel.slug));
}

/** The demo operators (passwords in REPORTS.md), for when `ANALYTICS_OPERATORS` is not set. */
export const DEMO_OPERATORS_FILE = fileURLToPath(new URL('./operators.demo.json', import.meta.url));

export function demoOperators(): Operator[] {
  return parseOperators(readFileSync(DEMO_OPERATORS_FILE, 'utf8'));
}
