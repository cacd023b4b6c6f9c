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
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * A numeric id in a path or query: one spelling only, plain digits, so "12abc", "-1", "0x10",
 * "1e3" and " 12" are refused; at most a positive PostgreSQL integer.
 */
export const IdParam = z
  .union([z.number(), z.string().regex(/^[0-9]{1,10}$/, 'must be a positive whole number').transform(Number)])
  .pipe(z.number().int().positive().max(2_147_483_647));

/** Path parameters of a call on one item: `/pages/{id}`. */
export const IdParams = z.object({ id: IdParam });

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
export const Url = z.string().min(1).max(2048);
