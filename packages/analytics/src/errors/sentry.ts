import { createEventEnvelope, getEnvelopeEndpointWithUrlEncodedAuth, makeDsn, serializeEnvelope, uuid4 } from '@sentry/core';
import type { Event } from '@sentry/core';
import type { RequestErrorReport } from '@grandstand/api-client';
import { scrubReport } from './scrub.ts';

/**
 * Sends one request error report to a Sentry-protocol service (its envelope endpoint,
 * `POST /api/<project>/envelope/`). A lazy chunk: the site loads it with the first error, so no
 * page carries it before. Only the Sentry SDK's envelope and DSN code is used: no global error
 * handlers, no breadcrumbs and nothing of the viewer, only the scrubbed report.
 *
 * @returns whether the service took it
 */
export async function sendErrorReport(dsn: string, report: RequestErrorReport, fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init)): Promise<boolean> {
  // The contract's shape (ErrorDsn) first: the SDK would log a malformed one to the console.
  const components = /^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^/\s]+\/)*\d+$/.test(dsn) ? makeDsn(dsn) : undefined;
  if (!components) return false;
  const clean = scrubReport(report);
  const method = typeof (clean.requestData as { method?: unknown } | null)?.method === 'string' ? (clean.requestData as { method: string }).method : undefined;
  const event: Event = {
    event_id: uuid4(),
    timestamp: Date.parse(clean.date) / 1000 || Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'grandstand.api',
    message: clean.status === null ? clean.message : `${clean.status} ${clean.message}`,
    request: { url: clean.url, ...(method ? { method } : {}) },
    tags: { status: clean.status === null ? 'none' : String(clean.status) },
    extra: { date: clean.date, status: clean.status, request_data: clean.requestData },
  };
  const envelope = createEventEnvelope(event, components, { sdk: { name: 'grandstand.analytics', version: '0' } });
  const response = await fetcher(getEnvelopeEndpointWithUrlEncodedAuth(components), {
    method: 'POST',
    body: serializeEnvelope(envelope) as BodyInit,
    credentials: 'omit',
    keepalive: true,
  });
  return response.ok;
}
