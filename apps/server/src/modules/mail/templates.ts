import type { Language } from '@grandstand/contract';
import { escapeHtml } from './html.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateInput {
  channelName: string;
  language: Language;
  /** The addressee's first name, when known. */
  firstName: string | null;
  link: string;
}

interface Wording {
  subject: (channel: string) => string;
  greeting: (name: string | null) => string;
  body: (channel: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

const VERIFY: Record<Language, Wording> = {
  en: {
    subject: (channel) => `Verify your email address for ${channel}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (channel) => `Thank you for registering with ${channel}. Please confirm your email address by opening this link:`,
    action: 'Verify my email address',
    expiry: 'The link is valid for 24 hours.',
    ignore: 'If you did not create an account, you can ignore this message.',
  },
  fr: {
    subject: (channel) => `Confirmez votre adresse courriel pour ${channel}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (channel) => `Merci de votre inscription à ${channel}. Veuillez confirmer votre adresse courriel en ouvrant ce lien :`,
    action: 'Confirmer mon adresse courriel',
    expiry: 'Le lien est valide pendant 24 heures.',
    ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
  },
};

const RESET: Record<Language, Wording> = {
  en: {
    subject: (channel) => `Reset your ${channel} password`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (channel) => `We received a request to reset the password of your ${channel} account. Choose a new password by opening this link:`,
    action: 'Choose a new password',
    expiry: 'The link is valid for 1 hour and works once.',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays the same.',
  },
  fr: {
    subject: (channel) => `Réinitialisez votre mot de passe ${channel}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (channel) => `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${channel}. Choisissez un nouveau mot de passe en ouvrant ce lien :`,
    action: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien est valide pendant 1 heure et ne fonctionne qu’une fois.',
    ignore: "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste le même.",
  },
};

function render(wording: Wording, input: TemplateInput): MailContent {
  const name = input.firstName?.trim() || null;
  const subject = wording.subject(input.channelName);
  const text = [wording.greeting(name), '', wording.body(input.channelName), '', input.link, '', wording.expiry, wording.ignore, '', `— ${input.channelName}`, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
<p>${e(wording.greeting(name))}</p>
<p>${e(wording.body(input.channelName))}</p>
<p><a href="${e(input.link)}">${e(wording.action)}</a></p>
<p style="word-break: break-all; font-size: 0.9em">${e(input.link)}</p>
<p>${e(wording.expiry)}<br>${e(wording.ignore)}</p>
<p>— ${e(input.channelName)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The verification mail, in the channel's language with the channel's name. */
export function verificationMail(input: TemplateInput): MailContent {
  return render(VERIFY[input.language], input);
}

/** The password-reset mail, in the channel's language with the channel's name. */
export function passwordResetMail(input: TemplateInput): MailContent {
  return render(RESET[input.language], input);
}
