/**
 * The channel server's calls to the analytics service's admin API (`/admin/forget`,
 * `/admin/payment`): a JSON POST carrying the service's admin token as `Authorization: Bearer`.
 * Only a 200 carrying the answer the caller expects counts; anything else (an error status, no
 * answer in time, no connection, a redirect, a 200 that is not the service's) is a failure the
 * caller retries: every admin call is idempotent.
 */

export type AdminAnswer<T> = { ok: true; value: T } | { ok: false; status: number | null; detail: string };

/** `http://analytics:8090` and `http://proxy/analytics/` both lead to their `…/admin/<call>`. */
export function adminEndpoint(base: string, call: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/admin/${call}`;
  return url.toString();
}

/** A short, single-line excerpt of an answer's body for the log (never the request: it holds the token). */
function excerpt(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message.slice(0, 200);
  } catch {
    // Not JSON: the raw start below.
  }
  return body.replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * POSTs `body` to `endpoint` with the admin token; `read` takes the answer's `data` out of a 200's
 * JSON, or answers undefined when it is not the service's answer.
 */
export async function postToAnalytics<T>(
  endpoint: string,
  adminToken: string,
  body: unknown,
  timeoutMs: number,
  read: (data: unknown) => T | undefined,
): Promise<AdminAnswer<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // The service answers; a redirect means the address is wrong, and the token stays here.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    // fetch's own error says only "fetch failed"; its cause says why (ECONNREFUSED, a redirect, the time limit).
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail =
      typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, status: null, detail };
  }
  if (response.status === 200) {
    try {
      const value = read((JSON.parse(text) as { data?: unknown }).data);
      if (value !== undefined) return { ok: true, value };
    } catch {
      // Below: a 200 that is not the service's answer.
    }
    return { ok: false, status: 200, detail: `not the analytics service's answer: ${excerpt(text)}` };
  }
  return { ok: false, status: response.status, detail: excerpt(text) };
}
