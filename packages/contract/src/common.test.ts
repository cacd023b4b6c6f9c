import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorBody, IdParam } from './common.ts';
import { KEY_FIELDS } from './constants.ts';
import { GetApiKeyResponse } from './keys.ts';

describe('IdParam', () => {
  it.each(['1', '42', '007', '2147483647', 2_147_483_647])('accepts %s', (value) => {
    expect(IdParam.safeParse(value).success).toBe(true);
  });

  it.each(['0', '-1', '12abc', '1.5', '99999999999', '', '0x10', '1e3', ' 12', 1.5, '2147483648', '3000000000', '00', 0, -3, 2_147_483_648])('refuses %j', (value) => {
    expect(IdParam.safeParse(value).success).toBe(false);
  });

  it('describes in JSON Schema exactly what it accepts (the API document is generated from it)', () => {
    const schema = z.toJSONSchema(IdParam, { io: 'input' }) as { anyOf: { type: string; minimum?: number; exclusiveMinimum?: number; maximum?: number; pattern?: string }[] };
    const [number, text] = schema.anyOf;
    expect(number).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
    expect(number!.exclusiveMinimum ?? number!.minimum! - 1).toBe(0);
    const pattern = new RegExp(text!.pattern!);
    for (const accepted of ['1', '9', '10', '999999999', '1000000000', '2147483647', '2147483639', '0042']) expect(pattern.test(accepted), accepted).toBe(true);
    for (const refused of ['0', '000', '2147483648', '2147483650', '2147483700', '2200000000', '9999999999', '-1', '1.0']) expect(pattern.test(refused), refused).toBe(false);
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
