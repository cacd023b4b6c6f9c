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
  /** Signs the mailed links. Default: random in memory; `serve` passes the app secret (`APP_SECRET` or the stored one). */
  secret?: string | Uint8Array;
  /** The sender's address; the channel's name is the sender's name. */
  fromAddress?: string;
  /** The clock in UTC seconds (tests move it). */
  now?: () => number;
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
    /** Mail transport and link secret; `serve` passes them from `loadConfig().mail`. */
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
