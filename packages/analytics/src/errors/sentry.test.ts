import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, MAX_REPORTS_PER_PAGE } from './reporter.ts';
import { sendErrorReport } from './sentry.ts';

// A Sentry-protocol receiver on a local port: what arrives at POST /api/<project>/envelope/ is
// what an error service would store.
const PORT = 8912;
const PUBLIC_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const DSN = `http://${PUBLIC_KEY}@127.0.0.1:${PORT}/7`;
const API_KEY = 'ak_live_5f1c9e0b7d2a';

interface Arrival {
  url: string;
  contentType: string | undefined;
  body: string;
}
const arrivals: Arrival[] = [];
let server: Server;
const waiting: (() => void)[] = [];

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((body) => {
      arrivals.push({ url: request.url ?? '', contentType: request.headers['content-type'], body });
      response.writeHead(request.method === 'POST' && /^\/api\/7\/envelope\//.test(request.url ?? '') ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{}');
      for (const resolve of waiting.splice(0)) resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const arrival = () => new Promise<void>((resolve) => waiting.push(resolve));

/** An envelope: a header line, then item header and payload lines. */
function parseEnvelope(text: string): { header: Record<string, unknown>; items: { header: Record<string, unknown>; payload: Record<string, unknown> }[] } {
  const [header, ...rest] = text.split('\n').filter((line) => line !== '');
  const items = [];
  for (let i = 0; i + 1 < rest.length; i += 2) items.push({ header: JSON.parse(rest[i] ?? '{}') as Record<string, unknown>, payload: JSON.parse(rest[i + 1] ?? '{}') as Record<string, unknown> });
  return { header: JSON.parse(header ?? '{}') as Record<string, unknown>, items };
}

describe('request error reports to a Sentry-protocol service (spec §7)', () => {
  it('arrive at the envelope endpoint as an error event, without any secret', async () => {
    arrivals.length = 0;
    const accepted = await sendErrorReport(DSN, {
      date: '2026-03-01T12:00:00.000Z',
      status: 500,
      message: 'Server error',
      url: `/api/v2/auth/login?api_key=${API_KEY}`,
      requestData: { method: 'POST', body: { email: 'fan@example.com', password: 'hunter22', password_confirmation: 'hunter22', api_key: API_KEY } },
    });
    expect(accepted).toBe(true);
    expect(arrivals).toHaveLength(1);
    const [sent] = arrivals;
    expect(sent?.url).toMatch(new RegExp(`^/api/7/envelope/\\?sentry_version=7&sentry_key=${PUBLIC_KEY}`));
    const envelope = parseEnvelope(sent?.body ?? '');
    expect(envelope.items[0]?.header).toMatchObject({ type: 'event' });
    expect(envelope.header.event_id).toBe(envelope.items[0]?.payload.event_id);
    expect(envelope.items[0]?.payload).toMatchObject({
      level: 'error',
      message: '500 Server error',
      request: { url: '/api/v2/auth/login?api_key=%5Bremoved%5D', method: 'POST' },
      extra: { date: '2026-03-01T12:00:00.000Z', status: 500, request_data: { method: 'POST', body: { email: 'fan@example.com', password: '[removed]' } } },
    });
    expect(sent?.body).not.toContain(API_KEY);
    expect(sent?.body).not.toContain('hunter22');
  });

  it('are never sent without a DSN, and load the Sentry code only with the first error', async () => {
    expect(createErrorReporter(null)).toBeNull();
    const load = vi.fn(() => import('./sentry.ts'));
    const report = createErrorReporter(DSN, load);
    expect(load).not.toHaveBeenCalled();
    arrivals.length = 0;
    const arrived = arrival();
    report?.({ date: '2026-03-01T12:00:00.000Z', status: 404, message: 'Not found', url: '/api/pages/9', requestData: { method: 'GET' } });
    await arrived;
    expect(load).toHaveBeenCalledOnce();
    expect(arrivals).toHaveLength(1);
  });

  it(`send at most ${MAX_REPORTS_PER_PAGE} from a page`, async () => {
    const load = vi.fn(async () => ({ sendErrorReport: async () => true }));
    const report = createErrorReporter(DSN, load);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) report?.({ date: 'd', status: 500, message: 'm', url: '/api/x', requestData: null });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE));
  });

  it('send nothing for a DSN that is not one', async () => {
    arrivals.length = 0;
    expect(await sendErrorReport('not a dsn', { date: 'd', status: 500, message: 'm', url: '/x', requestData: null })).toBe(false);
    expect(arrivals).toHaveLength(0);
  });
});
