import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@grandstand/contract';
import { WebhookSignatureError } from './types.ts';

/** The sandbox's webhook signature header, sent as `Grandstand-Signature`. */
export const SANDBOX_SIGNATURE_HEADER = 'grandstand-signature';

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * The header value for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, the
 * scheme card processors use, so a replayed body cannot be re-dated without the secret.
 */
export function signSandboxPayload(rawBody: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/**
 * Checks a `Grandstand-Signature` header: a well-formed header, a v1 signature matching the body,
 * dated within WEBHOOK_TOLERANCE_SECONDS of now (either way, so a header dated ahead cannot outlive
 * the window). Throws WebhookSignatureError otherwise.
 */
export function verifySandboxSignature(
  rawBody: string,
  header: string | string[] | undefined,
  secret: string,
  now: number,
  tolerance: number = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (typeof header !== 'string' || header.length === 0 || header.length > 1024) {
    throw new WebhookSignatureError('The webhook signature is missing.');
  }
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^[0-9]{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookSignatureError('The webhook signature is malformed.');
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) {
    throw new WebhookSignatureError('The webhook signature does not match its body.');
  }
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookSignatureError('The webhook is too old.');
}
