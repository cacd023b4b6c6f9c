/**
 * A refusal of a call: its HTTP status, the field at fault, a machine code (spec §5, §8: the words
 * stay beside it) and the words. Each module names its own (`LiveProblem`, `OfferProblem`…) so its
 * routes catch only theirs, and answers it as `ApiErrorBody`; the shape is this one.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  readonly status: number;
  readonly field: string;
  /** Absent where the module's refusals have no code yet (their words alone go over the wire). */
  readonly code: string | undefined;
  constructor(status: number, field: string, code: string | undefined, message: string) {
    super(message);
    this.status = status;
    this.field = field;
    this.code = code;
  }
}
