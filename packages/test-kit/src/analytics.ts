import { startAnalytics, type DatalakeItem } from '@grandstand/analytics';

/**
 * Starts the site's analytics with its outside boundary, the datalake client, replaced by a recorder:
 * the returned list fills with every item the code under test hands the client (spec §7), in order.
 * Pair it with `resetAnalytics()` after each test.
 */
export function recordDatalake(): DatalakeItem[] {
  const pushed: DatalakeItem[] = [];
  startAnalytics({
    url: 'http://127.0.0.1:8090',
    profile: 'nfsn-web-3f9a1c7e',
    hostname: '127.0.0.1',
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
    load: async () => ({
      createDatalakeClient: () => ({ push: (item: DatalakeItem) => void pushed.push(item), flush: async () => undefined, flushOnHide: () => undefined, dispose: () => undefined }),
    }),
  });
  return pushed;
}
