import { ApiErrorBody } from '@grandstand/contract';
import { z } from 'zod';

// Schemas the server needs that `@grandstand/contract` does not have yet (or has too loosely).
// Each is proposed for the contract; once there, import it from '@grandstand/contract' instead.

/**
 * A path id of digits only. The contract's `IdParam` coerces with Number(), which also accepts
 * "0x10", "1e3" and " 12"; a path id should have one spelling.
 */
export const DigitsIdParam = z
  .string()
  .regex(/^[0-9]{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  // The same bounds as the contract's IdParam: a positive PostgreSQL integer.
  .pipe(z.number().int().positive().max(2_147_483_647));

export const IdParams = z.object({ id: DigitsIdParam });

/** GET /profile before accounts exist: always 401 with this message. */
export const UnauthenticatedBody = ApiErrorBody;
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
