import { describe, expect, it } from 'vitest';
import { ApiErrorBody, IdParam } from './common.ts';
import { KEY_FIELDS } from './constants.ts';
import { GetApiKeyResponse } from './keys.ts';

describe('IdParam', () => {
  it.each(['1', '42', 2_147_483_647])('accepts %s', (value) => {
    expect(IdParam.safeParse(value).success).toBe(true);
  });

  it.each(['0', '-1', '12abc', '1.5', '99999999999', '', '0x10', '1e3', ' 12', 1.5])('refuses %j', (value) => {
    expect(IdParam.safeParse(value).success).toBe(false);
  });
});

describe('error and key shapes', () => {
  it('reads a key-invalid answer naming the key field (spec §8)', () => {
    const body = ApiErrorBody.parse({ message: 'No chanel or api key found', field: 'api_key', errors: { api_key: ['invalid'] } });
    expect(KEY_FIELDS.some((field) => body.errors?.[field])).toBe(true);
  });

  it('reads data.api_key from the key answer (spec §7)', () => {
    expect(GetApiKeyResponse.parse({ data: { api_key: 'abc' } }).data.api_key).toBe('abc');
    expect(GetApiKeyResponse.safeParse({ api_key: 'abc' }).success).toBe(false);
  });
});
