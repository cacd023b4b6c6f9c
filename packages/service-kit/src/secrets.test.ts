import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, MIN_STORED_SECRET_LENGTH } from './secrets.ts';

const execFileAsync = promisify(execFile);

describe('loadOrCreateSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'service-kit-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns the configured secret and writes nothing', () => {
    const file = join(dir, 'app-secret');
    expect(loadOrCreateSecret('configured-secret-of-the-operator', file)).toBe('configured-secret-of-the-operator');
    expect(() => statSync(file)).toThrow();
  });

  it('generates a secret once, owner-only, in a folder it creates, and returns it again after a restart', () => {
    const file = join(dir, 'data', 'nested', 'media-secret');
    const first = loadOrCreateSecret(undefined, file);
    expect(first.length).toBeGreaterThanOrEqual(MIN_STORED_SECRET_LENGTH);
    expect(readFileSync(file, 'utf8')).toBe(`${first}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(undefined, file)).toBe(first);
    expect(loadOrCreateSecret('', file)).toBe(first);
  });

  it('replaces a kept secret too short to trust, and narrows its file to the owner', () => {
    const file = join(dir, 'analytics-secret');
    writeFileSync(file, 'short\n', { mode: 0o644 });
    const secret = loadOrCreateSecret(undefined, file);
    expect(secret).not.toBe('short');
    expect(secret.length).toBeGreaterThanOrEqual(MIN_STORED_SECRET_LENGTH);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the secret another process wrote first, leaving nothing else in the folder', async () => {
    const file = join(dir, 'shared', 'analytics-secret');
    // Processes starting at once on one folder: each generates, one file wins, all read it.
    const script = `import { loadOrCreateSecret } from ${JSON.stringify(join(import.meta.dirname, 'secrets.ts'))}; process.stdout.write(loadOrCreateSecret(undefined, ${JSON.stringify(file)}));`;
    const runs = Array.from({ length: 6 }, () => execFileAsync(process.execPath, ['--input-type=module', '-e', script]));
    const secrets = (await Promise.all(runs)).map((run) => run.stdout);
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(`${secrets[0]}\n`);
    expect(readdirSync(join(dir, 'shared'))).toEqual(['analytics-secret']);
  });

  it('gives two files two different secrets', () => {
    expect(loadOrCreateSecret(undefined, join(dir, 'a'))).not.toBe(loadOrCreateSecret(undefined, join(dir, 'b')));
  });
});
