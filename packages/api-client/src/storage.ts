/** The part of the Web Storage API the client needs; localStorage fits it as it is. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage that lives as long as the page (or the test): used when localStorage is unusable. */
export function createMemoryStorage(): KeyValueStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

/**
 * localStorage when the environment has one that works (private modes and some embedded browsers
 * throw on write), otherwise memory, so the product keeps working without persistence.
 */
export function defaultStorage(): KeyValueStorage {
  try {
    const candidate = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (candidate) {
      const probe = '__grandstand_probe__';
      candidate.setItem(probe, probe);
      candidate.removeItem(probe);
      return candidate;
    }
  } catch {
    // Unusable storage: fall through to memory.
  }
  return createMemoryStorage();
}

export interface ExpiringStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown, lifeMs?: number): void;
  remove(key: string): void;
}

interface StoredEntry {
  value: unknown;
  expiresAt: number;
}

function isStoredEntry(raw: unknown): raw is StoredEntry {
  return typeof raw === 'object' && raw !== null && 'value' in raw && typeof (raw as StoredEntry).expiresAt === 'number';
}

/**
 * spec §9: local storage uses a product-specific key prefix and a default life of about 360 days.
 * Entries past their life, or written by something else, read as absent and are removed.
 */
export function createExpiringStorage(options: {
  storage: KeyValueStorage;
  prefix: string;
  defaultLifeMs: number;
  now: () => number;
}): ExpiringStorage {
  const { storage, prefix, defaultLifeMs, now } = options;
  const remove = (key: string) => {
    try {
      storage.removeItem(prefix + key);
    } catch {
      // A storage that refuses removal leaves nothing we can do; reads still check expiry.
    }
  };
  return {
    get<T>(key: string): T | null {
      let raw: string | null;
      try {
        raw = storage.getItem(prefix + key);
      } catch {
        return null;
      }
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        remove(key);
        return null;
      }
      if (!isStoredEntry(parsed) || parsed.expiresAt <= now()) {
        remove(key);
        return null;
      }
      return parsed.value as T;
    },
    set(key, value, lifeMs = defaultLifeMs) {
      const entry: StoredEntry = { value, expiresAt: now() + lifeMs };
      try {
        storage.setItem(prefix + key, JSON.stringify(entry));
      } catch {
        // Quota exceeded or storage disabled: the value simply is not remembered.
      }
    },
    remove,
  };
}
