import type { Language, OperatorRole } from '@grandstand/contract';
import { escapeHtml } from '../mail/html.ts';
import type { MailContent } from '../mail/index.ts';

const ROLE_NAMES: Record<Language, Record<OperatorRole, string>> = {
  en: { owner: 'owner', producer: 'producer', support: 'support', analyst: 'analyst' },
  fr: { owner: 'propriétaire', producer: 'réalisation', support: 'soutien', analyst: 'analyse' },
};

const WORDING: Record<Language, { subject: (channel: string) => string; body: (channel: string, role: string) => string; action: string; expiry: (days: number) => string; ignore: string }> = {
  en: {
    subject: (channel) => `You are invited to the ${channel} control room`,
    body: (channel, role) => `You are invited to help run ${channel} with the role “${role}”. Accept the invitation by opening this link:`,
    action: 'Accept the invitation',
    expiry: (days) => `The link is valid for ${days} days and works once.`,
    ignore: 'If you did not expect this, you can ignore this message.',
  },
  fr: {
    subject: (channel) => `Invitation à la régie de ${channel}`,
    body: (channel, role) => `Vous êtes invité·e à gérer ${channel} avec le rôle « ${role} ». Acceptez l’invitation en ouvrant ce lien :`,
    action: 'Accepter l’invitation',
    expiry: (days) => `Le lien est valide pendant ${days} jours et ne fonctionne qu’une fois.`,
    ignore: "Si vous ne vous y attendiez pas, vous pouvez ignorer ce message.",
  },
};

/** The invitation mail, in the channel's language with the channel's name. */
export function invitationMail(input: { channelName: string; language: Language; role: OperatorRole; link: string; days: number }): MailContent {
  const words = WORDING[input.language];
  const role = ROLE_NAMES[input.language][input.role];
  const subject = words.subject(input.channelName);
  const text = [words.body(input.channelName, role), '', input.link, '', words.expiry(input.days), words.ignore, '', `— ${input.channelName}`, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
<p>${e(words.body(input.channelName, role))}</p>
<p><a href="${e(input.link)}">${e(words.action)}</a></p>
<p style="word-break: break-all; font-size: 0.9em">${e(input.link)}</p>
<p>${e(words.expiry(input.days))}<br>${e(words.ignore)}</p>
<p>— ${e(input.channelName)}</p>
</body></html>
`;
  return { subject, text, html };
}
