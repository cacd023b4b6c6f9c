import { describe, expect, it } from 'vitest';
import { createExpiringStorage, createMemoryStorage, defaultStorage } from './storage.ts';

function setup() {
  const backing = createMemoryStorage();
  let time = 1_000;
  const storage = createExpiringStorage({ storage: backing, prefix: 'grandstand:test:', defaultLifeMs: 500, now: () => time });
  return { backing, storage, advance: (ms: number) => (time += ms) };
}

describe('createMemoryStorage', () => {
  it('keeps, returns and forgets strings', () => {
    const storage = createMemoryStorage();
    expect(storage.getItem('a')).toBeNull();
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
  });
});

describe('createExpiringStorage', () => {
  it('writes under the product prefix and reads values back', () => {
    const { backing, storage } = setup();
    storage.set('user', { id: 1 });
    expect(backing.getItem('grandstand:test:user')).not.toBeNull();
    expect(backing.getItem('user')).toBeNull();
    expect(storage.get('user')).toEqual({ id: 1 });
  });

  it('ignores and removes an entry past its default life (spec §9)', () => {
    const { backing, storage, advance } = setup();
    storage.set('api_key', 'k');
    advance(499);
    expect(storage.get('api_key')).toBe('k');
    advance(1);
    expect(storage.get('api_key')).toBeNull();
    expect(backing.getItem('grandstand:test:api_key')).toBeNull();
  });

  it('honours a life given for one entry', () => {
    const { storage, advance } = setup();
    storage.set('trk', 'x', 2_000);
    advance(1_999);
    expect(storage.get('trk')).toBe('x');
  });

  it('reads an entry written by something else as absent', () => {
    const { backing, storage } = setup();
    backing.setItem('grandstand:test:broken', 'not json');
    backing.setItem('grandstand:test:foreign', '"plain"');
    expect(storage.get('broken')).toBeNull();
    expect(storage.get('foreign')).toBeNull();
  });

  it('removes entries', () => {
    const { storage } = setup();
    storage.set('user', 1);
    storage.remove('user');
    expect(storage.get('user')).toBeNull();
  });

  it('keeps working when the backing storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const storage = createExpiringStorage({ storage: throwing, prefix: 'p:', defaultLifeMs: 10, now: () => 0 });
    expect(() => storage.set('a', 1)).not.toThrow();
    expect(storage.get('a')).toBeNull();
    expect(() => storage.remove('a')).not.toThrow();
  });
});

describe('defaultStorage', () => {
  it('falls back to memory where there is no usable localStorage', () => {
    const storage = defaultStorage();
    storage.setItem('grandstand:probe-test', 'v');
    expect(storage.getItem('grandstand:probe-test')).toBe('v');
    storage.removeItem('grandstand:probe-test');
  });
});
