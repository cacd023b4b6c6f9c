#!/usr/bin/env node
// `node cluster/cli.ts [instances]`: several server instances on one throwaway PostgreSQL behind
// HAProxy, as the README's "Running several instances" describes, until Ctrl-C. Each instance's
// own address is printed too, to stop one (`kill -9 -<pid>`) and watch the balancer take it out.
import { startCluster } from './index.ts';

const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 8) {
  process.stderr.write('usage: node cluster/cli.ts [instances: 1 to 8, default 2]\n');
  process.exit(2);
}
// The demo's channels (channels/): mailed links name the balancer's origins, never an instance's.
const cluster = await startCluster({
  instances: count,
  channels: [
    { slug: 'northfield', host: null },
    { slug: 'laurentides', host: 'laurentides' },
  ],
});
process.stdout.write(`balancer: ${cluster.url} (and http://<channel>.localhost:${cluster.port})\n`);
for (const instance of cluster.instances) process.stdout.write(`instance ${instance.name}: ${instance.url} (process group ${instance.pid})\n`);
process.stdout.write(`encoders publish to ${cluster.ingestUrl}/<stream key>; the database: ${cluster.databaseUrl}\n`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
}
