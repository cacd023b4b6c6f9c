import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { LoadedChannel } from '../channels/loadChannels.ts';
import type { UserRow } from '../db/schema.ts';
import authMailRoutes from '../routes/auth-mail/index.ts';
import { cspNonce } from '../plugins/security.ts';
import { LINK_TTL_SECONDS, linkUrl, passwordBinding, signLink } from './links.ts';
import { createMailer, listOutbox, readOutboxMessage } from './mailer.ts';
import { outboxListPage, outboxMessagePage } from './outboxPage.ts';
import { loadOrCreateAppSecret, dataDirFromEnv } from './secret.ts';
import { passwordResetMail, verificationMail } from './templates.ts';

export interface MailOptions {
  /** SMTP connection URL (`smtp://user:pass@host:port`); unset means the local outbox. */
  smtpUrl?: string;
  /** Where outbox messages go. Default: a fresh temporary folder (tests, tools); `serve` passes `<data dir>/outbox`. */
  outboxDir?: string;
  /**
   * Serve the outbox pages (`/outbox`) on each channel's site: a demo aid that shows every mailed
   * link (reset links included) to anyone, so it is off unless asked for (`MAIL_OUTBOX=on`).
   */
  outbox?: boolean;
  /** Send no mail at all (`MAIL_DISABLED=true`): nothing is written or sent, each skipped mail is logged. */
  disabled?: boolean;
  /** Signs the mailed links. Default: random in memory; `serve` passes APP_SECRET or the stored one. */
  secret?: string | Uint8Array;
  /** The sender's address; the channel's name is the sender's name. */
  fromAddress?: string;
  /** The clock in UTC seconds (tests move it). */
  now?: () => number;
}

/** How mail leaves, from the environment, checked before anything is read or written. */
export interface MailMode {
  smtpUrl: string | undefined;
  outbox: boolean;
  disabled: boolean;
}

function onOff(env: NodeJS.ProcessEnv, name: string, on: string, off: string): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === off) return false;
  if (value === on) return true;
  throw new Error(`${name}: must be ${on} or ${off} (got "${value}")`);
}

/**
 * SMTP_URL, MAIL_OUTBOX (`on` | `off`, default off), MAIL_DISABLED (`true` | `false`, default
 * false), parsed strictly. In production (`NODE_ENV=production`) mail must really leave: SMTP_URL
 * is required unless mail is explicitly disabled, and the outbox pages are refused.
 */
export function mailModeFromEnv(env: NodeJS.ProcessEnv = process.env): MailMode {
  const smtpUrl = env.SMTP_URL || undefined;
  const outbox = onOff(env, 'MAIL_OUTBOX', 'on', 'off');
  const disabled = onOff(env, 'MAIL_DISABLED', 'true', 'false');
  if (smtpUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(smtpUrl);
    } catch {
      // Reported below, without echoing the value: it may hold a password.
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') throw new Error('SMTP_URL: must be an smtp:// or smtps:// URL with a host');
  }
  if (disabled && smtpUrl !== undefined) throw new Error('MAIL_DISABLED: true while SMTP_URL is set; choose one');
  if (outbox && (smtpUrl !== undefined || disabled)) throw new Error('MAIL_OUTBOX: on shows the local outbox, which holds mail only when SMTP_URL is unset and mail is not disabled');
  if (env.NODE_ENV === 'production') {
    if (outbox) throw new Error('MAIL_OUTBOX: on is refused in production (NODE_ENV=production): the outbox pages show every mailed link to anyone');
    if (smtpUrl === undefined && !disabled) throw new Error('SMTP_URL: required in production (NODE_ENV=production); set MAIL_DISABLED=true to run without mail');
  }
  return { smtpUrl, outbox, disabled };
}

/** What `serve` runs with: `mailModeFromEnv()`, MAIL_FROM, APP_SECRET (or the stored secret), `<data dir>/outbox`. */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailOptions {
  const mode = mailModeFromEnv(env);
  return {
    smtpUrl: mode.smtpUrl,
    outbox: mode.outbox,
    disabled: mode.disabled,
    outboxDir: join(dataDirFromEnv(env), 'outbox'),
    secret: loadOrCreateAppSecret(env),
    fromAddress: env.MAIL_FROM || undefined,
  };
}

/** The user fields a mail needs (a users row fits). */
export type MailUser = Pick<UserRow, 'id' | 'email' | 'first_name' | 'password_hash'>;

export interface AccountMailInput {
  /** The channel, or its id. The link points at its public origin (`app.channels.publicOrigin`), never at the request's host. */
  channel: LoadedChannel | number;
  user: MailUser;
}

export interface AccountsMail {
  /** Mails the verification link (valid 24 h). Rejects when the mail cannot be handed over. */
  sendVerification(input: AccountMailInput): Promise<void>;
  /** Mails the password-reset link (valid 1 h, works once). */
  sendPasswordReset(input: AccountMailInput): Promise<void>;
  readonly mode: 'smtp' | 'outbox' | 'disabled';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verification and reset mail (src/mail). */
    accountsMail: AccountsMail;
  }
}

declare module '../app.ts' {
  interface BuildAppOptions {
    /** Mail transport and link secret; `serve` passes `mailConfigFromEnv()`. */
    mail?: MailOptions;
  }
}

/**
 * Mail for accounts: the `accountsMail` decorator, the verify and reset routes under
 * /api, and the demo outbox page at /outbox when no SMTP server is configured and it is asked for.
 */
export default fp<MailOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const outboxDir = options.outboxDir ?? join(tmpdir(), `grandstand-outbox-${randomBytes(6).toString('hex')}`);
    const mailer = createMailer({ smtpUrl: options.smtpUrl, outboxDir, disabled: options.disabled });
    const fromAddress = options.fromAddress ?? 'no-reply@grandstand.localhost';

    const send = async (kind: 'verify-email' | 'password-reset', input: AccountMailInput) => {
      const channel = typeof input.channel === 'number' ? app.channels.byId(input.channel) : input.channel;
      if (!channel) throw new Error(`unknown channel ${String(input.channel)}`);
      // Only the configured (or, in development, derived) origin: a Host header must never aim a genuine link elsewhere.
      const origin = app.channels.publicOrigin(channel.id);
      const expires = now() + LINK_TTL_SECONDS[kind];
      const binding = kind === 'password-reset' ? passwordBinding(input.user.password_hash) : undefined;
      const signature = signLink({ channelId: channel.id, email: input.user.email, expires, purpose: kind, binding }, secret);
      const link = linkUrl(origin, `/${kind}`, { email: input.user.email, expires, signature });
      const template = kind === 'verify-email' ? verificationMail : passwordResetMail;
      const content = template({ channelName: channel.config.name, language: channel.config.language, firstName: input.user.first_name, link });
      if (mailer.mode === 'disabled') {
        app.log.warn({ channel: channel.config.slug, kind }, 'mail is disabled (MAIL_DISABLED): a mail was not sent');
        return;
      }
      await mailer.send({ ...content, channelSlug: channel.config.slug, from: { name: channel.config.name, address: fromAddress }, to: input.user.email });
    };

    app.decorate('accountsMail', {
      sendVerification: (input) => send('verify-email', input),
      sendPasswordReset: (input) => send('password-reset', input),
      mode: mailer.mode,
    } satisfies AccountsMail);
    app.addHook('onClose', async () => mailer.close());

    // In the guarded /api scope (src/app.ts), which adds the /api prefix.
    app.registerApiRoutes(authMailRoutes, { secret, now });

    if (mailer.mode === 'outbox' && options.outbox === true) {
      // A demo aid: the person running the demo opens the links mailed on this host's channel.
      // Anyone can, reset links included: only when asked for, never in production.
      // The server's security policy (plugins/security.ts); the page's one <style> takes its nonce.
      const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
      const withNonce = (reply: FastifyReply, page: string) => page.replace('<style>', `<style nonce="${cspNonce(reply)}">`);
      app.get('/outbox', async (request, reply) => {
        const channel = request.hostChannel;
        if (!channel) return reply.code(404).send({ message: 'Not found.', field: 'url' });
        return reply.headers(html).send(withNonce(reply, outboxListPage(channel.config.name, await listOutbox(outboxDir, channel.config.slug))));
      });
      // The message's HTML is shown as written, style attributes included (policy `mail-preview`).
      app.get<{ Params: { id: string } }>('/outbox/:id', { config: { csp: 'mail-preview' } }, async (request, reply) => {
        const channel = request.hostChannel;
        const message = channel ? await readOutboxMessage(outboxDir, channel.config.slug, request.params.id) : null;
        if (!message) return reply.code(404).send({ message: 'Not found.', field: 'id' });
        return reply.headers(html).send(withNonce(reply, outboxMessagePage(message)));
      });
    }
  },
  { name: 'accounts-mail', dependencies: ['db', 'channel-by-host', 'api-key-auth'] },
);
