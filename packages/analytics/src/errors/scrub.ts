import type { RequestErrorReport } from '@grandstand/api-client';

/**
 * What a request error report may carry (spec §7: date, status, message, request data, url): never
 * a credential. The api key, the channel key and every password field are removed, at any depth of
 * the request data and from the URL's query; tokens, secrets and signatures with them (a mailed
 * link's signature opens an account as surely as a password).
 */
const SECRET_NAME = /^(api_?key|channel_?key|authorization|signature|code|state)$|pass(word)?|token|secret/i;
const REMOVED = '[removed]';
/** Deeper than any request body the site sends: what lies below is dropped, not walked for ever. */
const MAX_DEPTH = 8;

/** Whether a field or query parameter holds a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A copy of `value` with every secret field's value replaced, recursively (arrays included). */
export function scrubData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return REMOVED;
  if (Array.isArray(value)) return value.map((item) => scrubData(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecretName(key) ? REMOVED : scrubData(item, depth + 1)]));
}

/** A URL (absolute or a path) without the values of its secret query parameters. */
export function scrubUrl(url: string): string {
  const [beforeHash = ''] = url.split('#');
  const at = beforeHash.indexOf('?');
  if (at < 0) return beforeHash;
  const params = new URLSearchParams(beforeHash.slice(at + 1));
  for (const name of [...params.keys()]) if (isSecretName(name)) params.set(name, REMOVED);
  return `${beforeHash.slice(0, at)}?${params.toString()}`;
}

/** Text that embeds a query string (`…?api_key=…` in a message) loses the secret values too. */
function scrubText(text: string): string {
  return text.replace(/([?&;\s"']|^)([\w.-]+)=([^&\s"']*)/g, (whole, lead: string, name: string) => (isSecretName(name) ? `${lead}${name}=${REMOVED}` : whole));
}

/** The report with its request data, URL and message scrubbed. */
export function scrubReport(report: RequestErrorReport): RequestErrorReport {
  return {
    date: report.date,
    status: report.status,
    message: scrubText(String(report.message)).slice(0, 1_000),
    requestData: scrubData(report.requestData),
    url: scrubUrl(report.url),
  };
}
