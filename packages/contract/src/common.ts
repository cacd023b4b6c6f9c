import { z } from 'zod';

/** Every successful answer wraps its payload in `data` (spec §7: `data.api_key`). */
export function dataResponse<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/**
 * Every error answer. `field` names the input at fault (developers' guide: a 4xx names the field);
 * `errors` lists messages per field, which is how a key is named invalid (spec §8).
 */
export const ApiErrorBody = z.object({
  message: z.string(),
  field: z.string().optional(),
  /** A machine code beside the words, where the refusal has one (e.g. `clip_email_unverified`): clients map it to their own text. */
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The largest id: a positive PostgreSQL integer. */
export const MAX_ID = 2_147_483_647;
/** 1 to 2147483647 in plain digits (leading zeros allowed), so the schema itself tells the limit. */
const ID_TEXT = /^0*(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$/;

/**
 * A numeric id in a path or query: one spelling only, plain digits, so "12abc", "-1", "0x10",
 * "1e3" and " 12" are refused; at most a positive PostgreSQL integer. Each branch carries its own
 * limits (not a pipe after the union), so the API document describes exactly what is accepted.
 */
export const IdParam = z.union([
  z.number().int().positive().max(MAX_ID),
  z.string().regex(ID_TEXT, 'must be a positive whole number').transform(Number),
]);

/** Path parameters of a call on one item: `/pages/{id}`. */
export const IdParams = z.object({ id: IdParam });

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
export const Url = z.string().min(1).max(2048);
