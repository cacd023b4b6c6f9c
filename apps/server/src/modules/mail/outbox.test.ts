import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository, hashPassword } from '../accounts/index.ts';
import type { UserRow } from '../accounts/tables.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'grandstand-outbox-test-'));
  t = await buildTestApp({ mail: { outboxDir, outbox: true } });
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

async function newUser(slug: string, firstName: string): Promise<UserRow> {
  return createUsersRepository(t.app.db).create({
    channelId: t.channel(slug).id,
    email: `outbox-${slug}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
    passwordHash: await hashPassword('an old password'),
    firstName,
    lastName: 'Viewer',
    verified: false,
  });
}

const page = (url: string, host = 'alpha.localhost:8080') => t.app.inject({ url, headers: { host } });

describe('local outbox (no SMTP_URL, MAIL_OUTBOX=on)', () => {
  it('keeps each message as a file of its channel', async () => {
    const user = await newUser('alpha', 'Dana');
    await t.app.accountsMail.sendVerification({ channel: t.channel('alpha'), user });
    const files = await readdir(join(outboxDir, 'alpha'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{13}-[a-f0-9]{12}\.json$/);
    const stored = JSON.parse(await readFile(join(outboxDir, 'alpha', files[0] ?? ''), 'utf8')) as Record<string, string>;
    expect(stored).toMatchObject({ to: user.email, subject: 'Verify your email address for Alpha Sports', from: '"Alpha Sports" <no-reply@grandstand.localhost>' });
    expect(stored.text).toContain('http://localhost:8080/verify-email?email=');
    expect(stored.html).toContain('<a href="http://localhost:8080/verify-email?email=');
  });

  it('lists the host channel’s messages newest first and shows each with its links clickable, escaped', async () => {
    const older = await newUser('alpha', 'Older');
    await t.app.accountsMail.sendPasswordReset({ channel: t.channel('alpha'), user: older });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await newUser('alpha', '<b>Newer</b>');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', headers: { host: 'alpha.localhost:8080' }, payload: { api_key: await t.keyFor('alpha'), email: newer.email } });
    expect(reset.statusCode).toBe(200);
    // The reset request answers before the mail is written.
    for (let i = 0; i < 50 && !(await page('/outbox')).body.includes(newer.email); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));

    const list = await page('/outbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Demo outbox');
    expect(list.body.indexOf(newer.email)).toBeGreaterThan(-1);
    expect(list.body.indexOf(newer.email)).toBeLessThan(list.body.indexOf(older.email));

    const id = /href="\/outbox\/([^"]+)"/.exec(list.body)?.[1];
    const message = await page(`/outbox/${id ?? ''}`);
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('Hello &lt;b&gt;Newer&lt;/b&gt;,');
    expect(message.body).not.toContain('<b>Newer</b>');
    expect(message.body).toMatch(/<a href="http:\/\/localhost:8080\/password-reset\?email=[^"]+&amp;expires=\d+&amp;signature=[^"]+">/);
    expect(message.body).toContain('sandbox=');
  });

  it('shows one channel nothing of another’s outbox', async () => {
    const user = await newUser('bravo', 'Camille');
    await t.app.accountsMail.sendVerification({ channel: t.channel('bravo'), user });
    const bravo = await page('/outbox', 'bravo.localhost:8080');
    expect(bravo.body).toContain(user.email);
    expect(bravo.body).toContain('Confirmez votre adresse courriel pour Bravo Sports');
    const alpha = await page('/outbox');
    expect(alpha.body).not.toContain(user.email);
    const bravoId = /href="\/outbox\/([^"]+)"/.exec(bravo.body)?.[1] ?? '';
    expect((await page(`/outbox/${bravoId}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    expect((await page('/outbox/1700000000000-000000000000')).statusCode).toBe(404);
    expect((await page('/outbox/..%2F..%2Fapp-secret')).statusCode).toBe(404);
  });
});

describe('the outbox pages are off unless asked for (MAIL_OUTBOX)', () => {
  let quiet: TestApp;
  let quietDir: string;
  beforeAll(async () => {
    quietDir = await mkdtemp(join(tmpdir(), 'grandstand-outbox-off-'));
    quiet = await buildTestApp({ mail: { outboxDir: quietDir } });
  });
  afterAll(async () => {
    await quiet.close();
    await rm(quietDir, { recursive: true, force: true });
  });

  it('keeps writing the files in development but serves nobody the mailed links', async () => {
    const user = await createUsersRepository(quiet.app.db).create({ channelId: quiet.channel('alpha').id, email: `quiet-${Date.now()}@example.org`, passwordHash: await hashPassword('an old password'), firstName: 'Quinn', lastName: 'Viewer', verified: true });
    const reset = await quiet.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', headers: { host: 'alpha.localhost:8080' }, payload: { api_key: await quiet.keyFor('alpha'), email: user.email } });
    expect(reset.statusCode).toBe(200);
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      files = await readdir(join(quietDir, 'alpha')).catch(() => []);
    }
    expect(files).toHaveLength(1);
    const id = (files[0] ?? '').replace(/\.json$/, '');
    for (const url of ['/outbox', `/outbox/${id}`]) {
      for (const host of ['alpha.localhost:8080', 'localhost:8080', 'evil.example']) {
        const response = await quiet.app.inject({ url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).not.toBe(200);
        expect(response.body).not.toContain(user.email);
        expect(response.body).not.toContain('password-reset?');
        expect(response.body).not.toContain('Demo outbox');
      }
    }
  });
});

describe('mail disabled (MAIL_DISABLED=true)', () => {
  it('writes and sends nothing, and the account routes answer as usual', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'grandstand-mail-off-'));
    const off = await buildTestApp({ mail: { outboxDir: dir, disabled: true } });
    try {
      expect(off.app.accountsMail.mode).toBe('disabled');
      const user = await createUsersRepository(off.app.db).create({ channelId: off.channel('alpha').id, email: `off-${Date.now()}@example.org`, passwordHash: await hashPassword('an old password'), firstName: 'Ola', lastName: 'Viewer', verified: true });
      const reset = await off.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', payload: { api_key: await off.keyFor('alpha'), email: user.email } });
      expect(reset.statusCode).toBe(200);
      await off.app.accountsMail.sendVerification({ channel: off.channel('alpha'), user });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await off.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an app given no outbox folder', () => {
  it('writes its mail to a temporary folder of its own and removes it when it closes', async () => {
    const own = await buildTestApp({ mail: { outbox: true } });
    const dir = own.app.accountsMail.outboxPagesDir;
    try {
      expect(dir).toMatch(/grandstand-outbox-[a-f0-9]{12}$/);
      const user = await createUsersRepository(own.app.db).create({ channelId: own.channel('alpha').id, email: `own-${Date.now()}@example.org`, passwordHash: await hashPassword('an old password'), firstName: 'Owen', lastName: 'Viewer', verified: false });
      await own.app.accountsMail.sendVerification({ channel: own.channel('alpha'), user });
      expect(await readdir(join(dir ?? '', 'alpha'))).toHaveLength(1);
    } finally {
      await own.close();
    }
    // Nothing else could read it once the app is gone: left behind, a folder a run would pile up.
    await expect(readdir(dir ?? '')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
