import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './templates.ts';

export interface OutgoingMail extends MailContent {
  /** The channel the mail is from: its outbox folder in outbox mode. */
  channelSlug: string;
  from: { name: string; address: string };
  to: string;
}

/** One message as the outbox keeps it (`<outbox>/<channel>/<time>-<id>.json`). */
export interface OutboxMessage {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `smtp` when SMTP_URL is set; `disabled` (MAIL_DISABLED) sends nothing; else `outbox`: files a person running the demo can read at /outbox. */
  readonly mode: 'smtp' | 'outbox' | 'disabled';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MESSAGE_ID = /^\d{13}-[a-f0-9]{12}$/;

function formatAddress(from: { name: string; address: string }): string {
  return `"${from.name.replace(/["\\\r\n]/g, '')}" <${from.address}>`;
}

/**
 * Mail through nodemailer: SMTP when `smtpUrl` is given; otherwise nodemailer's JSON
 * transport builds the message and it is written to the outbox instead of being sent.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; disabled?: boolean }): Mailer {
  if (options.disabled) return { mode: 'disabled', send: async () => {}, close: () => {} };
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'outbox',
    async send(mail) {
      if (!SLUG.test(mail.channelSlug)) throw new Error(`not a channel slug: ${mail.channelSlug}`);
      await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      const message: OutboxMessage = { id, date: new Date().toISOString(), from: formatAddress(mail.from), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
      const dir = join(options.outboxDir, mail.channelSlug);
      await mkdir(dir, { recursive: true });
      // Written aside then renamed, so the outbox page never reads half a message.
      const file = join(dir, `${id}.json`);
      await writeFile(`${file}.tmp`, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}

/** The channel's outbox, newest first (ids start with the time in milliseconds). */
export async function listOutbox(outboxDir: string, channelSlug: string): Promise<OutboxMessage[]> {
  if (!SLUG.test(channelSlug)) return [];
  let names: string[];
  try {
    names = await readdir(join(outboxDir, channelSlug));
  } catch {
    return [];
  }
  const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter((id) => MESSAGE_ID.test(id)).sort().reverse();
  const messages: OutboxMessage[] = [];
  for (const id of ids) {
    const message = await readOutboxMessage(outboxDir, channelSlug, id);
    if (message) messages.push(message);
  }
  return messages;
}

/** One message of the channel's outbox; null for an unknown or malformed id (never a path outside). */
export async function readOutboxMessage(outboxDir: string, channelSlug: string, id: string): Promise<OutboxMessage | null> {
  if (!SLUG.test(channelSlug) || !MESSAGE_ID.test(id)) return null;
  try {
    const parsed = JSON.parse(await readFile(join(outboxDir, channelSlug, `${id}.json`), 'utf8')) as Partial<OutboxMessage>;
    const field = (value: unknown) => (typeof value === 'string' ? value : '');
    return { id, date: field(parsed.date), from: field(parsed.from), to: field(parsed.to), subject: field(parsed.subject), text: field(parsed.text), html: field(parsed.html) };
  } catch {
    return null;
  }
}
