#!/usr/bin/env node
// Fires datalake calls at a running analytics service at a steady rate, in batches and one by one
// (half each by default), then prints how many events were accepted, refused (429) and stored. Bounded: it
// runs for a set time and keeps at most a set number of calls in flight.
//
//   node scripts/ingest-load.ts [--url http://127.0.0.1:8900] [--profile ldl-web-8c2e5b14] [--rate 5000] [--seconds 10]
//                               [--batch 50] [--singles 0.5] [--in-flight 256]
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8900' },
    profile: { type: 'string', default: 'ldl-web-8c2e5b14' },
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    batch: { type: 'string', default: '50' },
    /** The share of events sent one call each; the rest go in batches. */
    singles: { type: 'string', default: '0.5' },
    'in-flight': { type: 'string', default: '256' },
  },
});
const base = values.url.replace(/\/$/, '');
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const batchSize = Number(values.batch);
const maxInFlight = Number(values['in-flight']);
const singleShare = Number(values.singles);
if (!(singleShare >= 0 && singleShare <= 1)) throw new Error('--singles must be a share from 0 to 1');
for (const [name, value, max] of [['rate', rate, 100_000], ['seconds', seconds, 300], ['batch', batchSize, 100], ['in-flight', maxInFlight, 10_000]] as const) {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
}

interface Health {
  data: { committed_rows: number; commits: number; queued: number };
}
const health = async () => ((await (await fetch(`${base}/healthz`)).json()) as Health).data;

const hashAnswer = await fetch(`${base}/datalake/hash/?profile=${encodeURIComponent(values.profile)}`);
if (!hashAnswer.ok) throw new Error(`GET /datalake/hash/ answered ${hashAnswer.status}: ${await hashAnswer.text()} (is --profile one of the service's keys?)`);
const session = ((await hashAnswer.json()) as { data: string }).data;
const before = await health();

const visit = { user_id: null, user_email: null, event: 'visit_page', extras: {}, origin_url: 'https://laurentides.example/' };
const slice = { video_view_uuid: 'load-view', stream_id: 1, stream_type: 'live', viewing_time: 10, sport: 'Hockey' };
const counts = { sent: 0, accepted: 0, refused: 0, failed: 0, skipped: 0, calls: 0 };
const latencies: number[] = [];
let inFlight = 0;

async function call(path: string, body: unknown, events: number): Promise<void> {
  if (inFlight >= maxInFlight) {
    counts.skipped += events;
    return;
  }
  inFlight += 1;
  counts.sent += events;
  counts.calls += 1;
  const started = performance.now();
  try {
    const answer = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
    if (answer.status === 200) counts.accepted += events;
    else if (answer.status === 429) counts.refused += events;
    else counts.failed += events;
  } catch {
    counts.failed += events;
  } finally {
    inFlight -= 1;
  }
}

// Every 100 ms a tenth of a second's events: `--singles` of them as single calls, the rest as batches.
const TICK_MS = 100;
const perTick = Math.round(rate / (1000 / TICK_MS));
const pending: Promise<void>[] = [];
const startedAt = performance.now();
for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick += 1) {
  const batched = Math.round(perTick * (1 - singleShare));
  for (let sent = 0; sent < batched; sent += batchSize) {
    const size = Math.min(batchSize, batched - sent);
    const items = Array.from({ length: size }, (_, index) => (index % 2 === 0 ? { call: 'event', body: visit } : { call: 'video/viewing', body: slice }));
    pending.push(call('/datalake/batch/', { profile: values.profile, session_uuid: session, items }, size));
  }
  for (let single = 0; single < perTick - batched; single += 1) {
    pending.push(single % 2 === 0 ? call('/datalake/event/', { ...visit, profile: values.profile, session_uuid: session }, 1) : call('/datalake/video/viewing/', { ...slice, profile: values.profile, session_uuid: session }, 1));
  }
  const due = startedAt + (tick + 1) * TICK_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
}
await Promise.all(pending);
const elapsed = (performance.now() - startedAt) / 1000;
const after = await health();
latencies.sort((a, b) => a - b);
const percentile = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1) : '-');

console.log(`target ${rate} events/s for ${seconds} s at ${base} (${counts.calls} calls in ${elapsed.toFixed(1)} s)`);
console.log(`sent ${counts.sent}, accepted ${counts.accepted} (${Math.round(counts.accepted / elapsed)}/s), refused (429) ${counts.refused}, failed ${counts.failed}, not sent (in-flight bound) ${counts.skipped}`);
console.log(`stored by the service meanwhile: ${after.committed_rows - before.committed_rows} rows in ${after.commits - before.commits} commits; queued now ${after.queued}`);
console.log(`latency ms p50 ${percentile(0.5)}, p95 ${percentile(0.95)}, p99 ${percentile(0.99)}`);
if (after.committed_rows - before.committed_rows < counts.accepted) {
  console.error('fewer rows stored than accepted: an acknowledged event was lost');
  process.exit(1);
}
