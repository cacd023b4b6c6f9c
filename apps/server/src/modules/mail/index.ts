// Mail for accounts: transport, templates, signed links, the accountsMail decorator.
export { default as accountsMailPlugin } from './plugin.ts';
export type { AccountMailInput, AccountsMail, MailOptions, MailUser } from './plugin.ts';
export { LINK_TTL_SECONDS, checkLink, linkUrl, passwordBinding, signLink } from './links.ts';
export type { LinkCheck, LinkData, LinkPurpose } from './links.ts';
export { createMailer, listOutbox, readOutboxMessage } from './mailer.ts';
export type { Mailer, OutboxMessage, OutgoingMail } from './mailer.ts';
export { passwordResetMail, verificationMail } from './templates.ts';
export type { MailContent, TemplateInput } from './templates.ts';
