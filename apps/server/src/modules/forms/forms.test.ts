import { ApiErrorBody, CustomFormSubmissionResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormSubmissionsRepository } from './repository.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// POST /api/custom-forms/:alias against the stored form's fields (spec §5 rules), scoped by the key's channel.
let t: TestApp;
let alphaKey: string;
let bravoKey: string;
let submissions: FormSubmissionsRepository;

const volunteerFields = [
  { name: 'name', label: 'Full name', type: 'text', required: true },
  { name: 'phone', label: 'Phone', type: 'phone', required: false },
  { name: 'notes', label: 'Notes', type: 'textarea', required: false },
  { name: 'consent', label: 'Consent', type: 'checkbox', required: true },
];

beforeAll(async () => {
  t = await buildTestApp();
  [alphaKey, bravoKey] = [await t.keyFor('alpha'), await t.keyFor('bravo')];
  submissions = new FormSubmissionsRepository(t.database.db);
  // A form only alpha has, to prove bravo cannot reach it.
  await t.database.db
    .insertInto('custom_forms')
    .values({ channel_id: t.channel('alpha').id, alias: 'volunteers', title: 'Volunteer', fields: JSON.stringify(volunteerFields) })
    .execute();
});
afterAll(async () => t.close());

function post(alias: string, body: unknown, key = alphaKey) {
  return t.app.inject({ method: 'POST', url: `/api/custom-forms/${alias}`, payload: { api_key: key, ...(body as object) } });
}

function badField(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(400);
  return ApiErrorBody.parse(response.json());
}

describe('POST /api/custom-forms/:alias', () => {
  it('stores a valid submission for the key’s channel and answers 200 with its id', async () => {
    const response = await post('contacts', { values: { email: '  fan@example.org ', topic: 'Billing' } });
    expect(response.statusCode).toBe(200);
    const { id } = CustomFormSubmissionResponse.parse(response.json()).data;
    const stored = await submissions.list(t.channel('alpha').id, 'contacts');
    expect(stored.find((row) => row.id === id)?.values).toEqual({ email: 'fan@example.org', topic: 'Billing' });
    expect(stored.find((row) => row.id === id)?.created_at).toBeInstanceOf(Date);
  });

  it('accepts every field type, leaves empty optional fields out, and takes the numeric email form of spec §5', async () => {
    const ok = await post('volunteers', { values: { name: 'Ann', phone: '+1 (555) 123-4567', notes: 'x'.repeat(5000), consent: true } });
    expect(ok.statusCode).toBe(200);
    const empty = await post('volunteers', { values: { name: 'Bo', phone: '', consent: true } });
    const { id } = CustomFormSubmissionResponse.parse(empty.json()).data;
    expect((await submissions.list(t.channel('alpha').id, 'volunteers')).find((row) => row.id === id)?.values).toEqual({ name: 'Bo', consent: true });
    expect((await post('contacts', { values: { email: '(555)1234567' } })).statusCode).toBe(200);
  });

  it('names a missing required field', async () => {
    expect(badField(await post('contacts', { values: { topic: 'Other' } }))).toMatchObject({ field: 'email', message: 'Email is required.' });
    expect(badField(await post('contacts', { values: { email: '   ' } }))).toMatchObject({ field: 'email' });
    expect(badField(await post('volunteers', { values: { name: 'Ann', consent: false } }))).toMatchObject({ field: 'consent', message: 'Consent is required.' });
  });

  it('checks formats, options, types and lengths, naming the first bad field', async () => {
    expect(badField(await post('contacts', { values: { email: 'fan@' } }))).toEqual({
      message: 'A valid email address is required',
      field: 'email',
      errors: { email: ['A valid email address is required'] },
    });
    expect(badField(await post('contacts', { values: { email: 'fan@example.org', topic: 'Hacking' } }))).toMatchObject({ field: 'topic' });
    expect(badField(await post('volunteers', { values: { name: 'Ann', phone: '555-1234', consent: true } }))).toMatchObject({ field: 'phone' });
    expect(badField(await post('volunteers', { values: { name: 'Ann', phone: '+1 555 123 4567 8901', consent: true } }))).toMatchObject({ field: 'phone' });
    expect(badField(await post('volunteers', { values: { name: 'Ann', consent: 'yes' } }))).toMatchObject({ field: 'consent', message: 'Consent must be true or false.' });
    expect(badField(await post('volunteers', { values: { name: true, consent: true } }))).toMatchObject({ field: 'name', message: 'Full name must be text.' });
    expect(badField(await post('volunteers', { values: { name: 'x'.repeat(201), consent: true } }))).toMatchObject({ field: 'name' });
    expect(badField(await post('volunteers', { values: { name: 'Ann', notes: 'x'.repeat(5001), consent: true } }))).toMatchObject({ field: 'notes' });
    // Both bad: the form's order decides which is named.
    expect(badField(await post('volunteers', { values: { consent: 'no', name: '' } }))).toMatchObject({ field: 'name' });
  });

  it('refuses unknown fields and malformed bodies without storing anything', async () => {
    const before = (await submissions.list(t.channel('alpha').id, 'contacts')).length;
    expect(badField(await post('contacts', { values: { email: 'fan@example.org', admin: true } }))).toMatchObject({ field: 'admin' });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/custom-forms/contacts',
      headers: { 'content-type': 'application/json' },
      payload: `{"api_key":"${alphaKey}","values":{"email":"fan@example.org","__proto__":{"polluted":1}}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(badField(await post('contacts', {}))).toMatchObject({ field: 'values' });
    expect(badField(await post('contacts', { values: ['fan@example.org'] }))).toMatchObject({ field: 'values' });
    expect(badField(await post('contacts', { values: { email: { $ne: '' } } }))).toMatchObject({ field: 'values' });
    expect(badField(await post('Contacts!', { values: {} }))).toMatchObject({ field: 'alias' });
    const notJson = await t.app.inject({ method: 'POST', url: '/api/custom-forms/contacts', headers: { 'content-type': 'application/json' }, payload: '{"api_key":' });
    expect(notJson.statusCode).toBe(400);
    expect((await submissions.list(t.channel('alpha').id, 'contacts')).length).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 404 naming alias when the channel has no such form', async () => {
    const response = await post('no-such-form', { values: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Form not found.', field: 'alias' });
  });

  it('keeps channels apart: another channel’s form is unknown, and each stores under its own channel', async () => {
    const crossed = await post('volunteers', { values: { name: 'Mallory', consent: true } }, bravoKey);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ field: 'alias' });

    const bravo = await post('contacts', { values: { email: 'bravo@example.org' } }, bravoKey);
    const { id } = CustomFormSubmissionResponse.parse(bravo.json()).data;
    expect((await submissions.list(t.channel('bravo').id, 'contacts')).map((row) => row.id)).toContain(id);
    expect((await submissions.list(t.channel('alpha').id, 'contacts')).map((row) => row.id)).not.toContain(id);
    expect((await submissions.list(t.channel('bravo').id, 'volunteers')).length).toBe(0);
  });

  it('needs a valid api key in the body (spec §7)', async () => {
    const noKey = await t.app.inject({ method: 'POST', url: '/api/custom-forms/contacts', payload: { values: { email: 'fan@example.org' } } });
    expect(noKey.statusCode).toBe(403);
    const queryKey = await t.app.inject({ method: 'POST', url: `/api/custom-forms/contacts?api_key=${alphaKey}`, payload: { values: { email: 'fan@example.org' } } });
    expect(queryKey.statusCode).toBe(403);
  });
});
