import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL points at. */
  url: string;
  /** Every message received so far, parsed. */
  messages: ParsedMail[];
  /** The next message to this address (already received or still to come). */
  nextTo(address: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((v) => (v.address ?? '').toLowerCase()));

/**
 * A real SMTP server on a free loopback port for the tests: the server under test sends through
 * nodemailer to it, and the tests read the real messages.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextTo(address, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && addressesOf(m).includes(address.toLowerCase()));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) address in the message's text and its query as the verify/reset calls take it. */
export function linkOf(mail: ParsedMail): { url: URL; query: { email: string; expires: string; signature: string } } {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in the mail "${mail.subject ?? ''}"`);
  const url = new URL(match[0]);
  const get = (key: string) => url.searchParams.get(key) ?? '';
  return { url, query: { email: get('email'), expires: get('expires'), signature: get('signature') } };
}
