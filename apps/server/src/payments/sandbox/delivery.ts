import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../signature.ts';
import type { PaymentEvent } from '../types.ts';

/** Where one webhook goes: an http(s) URL, or a function that posts it in-process (an app not listening). */
export type WebhookTarget = string | ((request: { body: string; headers: Record<string, string> }) => Promise<number>);

export interface WebhookDeliveryOptions {
  secret: string;
  /** Resolved at each attempt: the server's own address is known only once it listens. */
  target: () => WebhookTarget;
  /** Wait before the first attempt (issue 5: ~300 ms, the outcome arrives after the answer). */
  delayMs?: number;
  /** Waits between attempts; one attempt more than entries. */
  retryDelaysMs?: number[];
  /** Per attempt. */
  timeoutMs?: number;
  /** UTC seconds (tests move it). */
  now?: () => number;
  onFailure?: (event: PaymentEvent, error: string, attempt: number, final: boolean) => void;
}

export const DEFAULT_DELIVERY_DELAY_MS = 300;
/** 1 s, 5 s, 25 s, 2 min: a restarting server is usually back within that. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 25_000, 120_000];

/**
 * Posts signed webhooks the way a card processor does: asynchronously, after the API answer,
 * re-signed at every attempt (a fresh timestamp), retried with backoff on a non-2xx answer or a
 * network error. In memory: what is pending when the server stops is lost, as with any processor
 * whose endpoint is gone, and the order stays `created` (the renewal job and the viewer's retry cover it).
 */
export class WebhookDelivery {
  readonly #options: Required<Omit<WebhookDeliveryOptions, 'onFailure'>> & Pick<WebhookDeliveryOptions, 'onFailure'>;
  readonly #pending = new Set<Promise<void>>();
  #closed = false;
  /** Attempts made, successful or not (tests and diagnostics). */
  attempts = 0;
  delivered = 0;

  constructor(options: WebhookDeliveryOptions) {
    this.#options = {
      delayMs: DEFAULT_DELIVERY_DELAY_MS,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      timeoutMs: 10_000,
      now: () => Math.floor(Date.now() / 1000),
      ...options,
    };
  }

  /** Queues the event; returns at once. */
  send(event: PaymentEvent): void {
    if (this.#closed) return;
    const run = this.#run(event).finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }

  /** Resolves when every queued webhook was delivered or given up on. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Stops: pending waits end at once and nothing more is sent. */
  close(): void {
    this.#closed = true;
    this.#wakeAll();
  }

  #wakers = new Set<() => void>();

  #wakeAll(): void {
    for (const wake of this.#wakers) wake();
    this.#wakers.clear();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.#closed) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
    });
  }

  async #run(event: PaymentEvent): Promise<void> {
    await this.#sleep(this.#options.delayMs);
    const body = JSON.stringify(event);
    const attempts = this.#options.retryDelaysMs.length + 1;
    for (let attempt = 1; attempt <= attempts && !this.#closed; attempt++) {
      const error = await this.#attempt(body);
      if (error === null) {
        this.delivered++;
        return;
      }
      const final = attempt === attempts;
      this.#options.onFailure?.(event, error, attempt, final);
      if (!final) await this.#sleep(this.#options.retryDelaysMs[attempt - 1] ?? 0);
    }
  }

  /** null on a 2xx answer; what went wrong otherwise. */
  async #attempt(body: string): Promise<string | null> {
    this.attempts++;
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, this.#options.secret, this.#options.now()),
    };
    try {
      const target = this.#options.target();
      let status: number;
      if (typeof target === 'string') {
        const response = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.#options.timeoutMs) });
        status = response.status;
        // Read the answer so the connection is free for the next webhook.
        await response.arrayBuffer().catch(() => undefined);
      } else {
        status = await target({ body, headers });
      }
      return status >= 200 && status < 300 ? null : `answered ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
