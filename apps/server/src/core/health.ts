import { hostname } from 'node:os';
import { healthRoute } from '@grandstand/service-kit';
import fp from 'fastify-plugin';

export interface HealthOptions {
  /** `INSTANCE_ID`: which of the instances behind a balancer answered. Default `<hostname>-<pid>`. */
  instanceId?: string;
}

/**
 * `GET /health`: the server answers, and what an operator should act on before viewers notice:
 * each channel's clip files against their disk quota (`CLIP_STORAGE_QUOTA_MB`; `full` while new
 * clips are refused). Outside /api: a probe's call, not the channel API's (no api key, not in the
 * API document). No key is needed: it tells figures and flags, nothing of any viewer. The
 * folders are measured at most every half minute (src/modules/clips/storage.ts), however often it is
 * asked. The route is the service kit's, as the analytics service's `/healthz`: never cached.
 * The balancer in front of several instances checks it (apps/server/cluster/haproxy.ts); `instance`
 * tells them apart.
 */
export default fp<HealthOptions>(
  async (app, options) => {
    const instance = options.instanceId ?? `${hostname()}-${process.pid}`;
    healthRoute(app, {
      path: '/health',
      config: { apiKey: false },
      report: async () => {
        const storage = app.clips.storage;
        const channels = storage ? await Promise.all(app.channels.all.map((channel) => storage.usage(channel.id, channel.config.slug))) : [];
        return { status: 'ok', instance, clip_storage: { quota_bytes: storage?.quotaBytes ?? null, full: channels.some((c) => c.full), channels } };
      },
    });
  },
  { name: 'health', dependencies: ['clips'] },
);
