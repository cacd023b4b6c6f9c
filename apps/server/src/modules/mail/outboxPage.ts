import { escapeHtml as e } from './html.ts';
import type { OutboxMessage } from './mailer.ts';

const NOTICE =
  'Demo outbox: no SMTP server is configured (SMTP_URL), so the mail this channel sends is kept here instead. ' +
  'This page is an aid for running the demo, not part of the product; it is served only with MAIL_OUTBOX=on, never in production.';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
.notice{background:#fff4ce;border:1px solid #c9a400;padding:.5rem 1rem}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:1rem}
iframe{width:100%;height:28rem;border:1px solid #ddd}</style></head>
<body><p class="notice" role="note">${e(NOTICE)}</p>
${body}
</body></html>
`;
}

/** The channel's messages, newest first, each opening its own page. */
export function outboxListPage(channelName: string, messages: OutboxMessage[]): string {
  const rows = messages
    .map((m) => `<tr><td>${e(m.date)}</td><td>${e(m.to)}</td><td><a href="/outbox/${e(m.id)}">${e(m.subject || '(no subject)')}</a></td></tr>`)
    .join('\n');
  const table = messages.length
    ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
    : '<p>No messages yet.</p>';
  return page(`Outbox — ${channelName}`, `<h1>Outbox — ${e(channelName)}</h1>\n${table}`);
}

/** Escapes the text, then makes its http(s) addresses clickable. */
export function linkifyText(text: string): string {
  return e(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * One message: the plain text with its links clickable, and the HTML part in a sandboxed frame
 * (no scripts; a link opens in the whole window only when clicked).
 */
export function outboxMessagePage(message: OutboxMessage): string {
  const body = `<p><a href="/outbox">← Outbox</a></p>
<h1>${e(message.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${e(message.from)}</dd><dt>To</dt><dd>${e(message.to)}</dd><dt>Sent</dt><dd>${e(message.date)}</dd></dl>
<h2>Text</h2>
<pre>${linkifyText(message.text)}</pre>
${message.html ? `<h2>HTML</h2>\n<iframe title="The message as HTML" sandbox="allow-top-navigation-by-user-activation" srcdoc="${e(message.html)}"></iframe>` : ''}`;
  return page(message.subject || 'Outbox message', body);
}
