import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import { checkLink, type LinkCheck, type LinkData, LINK_TTL_SECONDS, linkUrl, passwordBinding, signLink } from './links.ts';
import { createMailer } from './mailer.ts';
import { type MailContent, passwordResetMail, verificationMail } from './templates.ts';

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
export type MailUser = { id: number; email: string; first_name: string | null; password_hash: string | null };

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
  /** Mails another module's message (an operator's invitation) from the channel, through the same transport (the outbox in the demo). */
  sendMessage(input: { channel: LoadedChannel | number; to: string; content: MailContent }): Promise<void>;
  readonly mode: 'smtp' | 'outbox' | 'disabled';
  /** Checks a mailed link's signature (with the secret that signed it) and expiry, now. */
  checkLink(data: LinkData, signature: string): LinkCheck;
  /** Where the outbox pages (`modules/mail/routes.ts`) read the mail from; null unless they are served (outbox mode and `MAIL_OUTBOX=on`). */
  readonly outboxPagesDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verification and reset mail (src/mail). */
    accountsMail: AccountsMail;
  }
}

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Mail transport and link secret; `serve` passes them from `loadConfig().mail`. */
    mail?: MailOptions;
  }
}

/**
 * Mail for accounts: the `accountsMail` decorator, for the verify and reset routes under
 * /api (`modules/accounts/mailRoutes.ts`) and the demo outbox page at /outbox (`modules/mail/routes.ts`) when no SMTP
 * server is configured and it is asked for.
 */
export default fp<MailOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    // Given no folder (tests, embedded uses), the app keeps its mail in a temporary one of its own,
    // which nothing reads once the app is gone: removed at close, or every run would leave one.
    const ownFolder = options.outboxDir === undefined;
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
      async sendMessage({ channel: given, to, content }) {
        const channel = typeof given === 'number' ? app.channels.byId(given) : given;
        if (!channel) throw new Error(`unknown channel ${String(given)}`);
        if (mailer.mode === 'disabled') {
          app.log.warn({ channel: channel.config.slug, subject: content.subject }, 'mail is disabled (MAIL_DISABLED): a mail was not sent');
          return;
        }
        await mailer.send({ ...content, channelSlug: channel.config.slug, from: { name: channel.config.name, address: fromAddress }, to });
      },
      mode: mailer.mode,
      checkLink: (data, signature) => checkLink(data, signature, secret, now()),
      // A demo aid: anyone can read the outbox pages, reset links included; only when asked for, never in production.
      outboxPagesDir: mailer.mode === 'outbox' && options.outbox === true ? outboxDir : null,
    } satisfies AccountsMail);
    app.addHook('onClose', async () => {
      await mailer.close();
      if (ownFolder) await rm(outboxDir, { recursive: true, force: true });
    });
  },
  { name: 'accounts-mail', dependencies: ['db'] },
);
