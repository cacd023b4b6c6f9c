import type { Card } from '@grandstand/contract';
import { escapeHtml as e } from '../../mail/html.ts';

/**
 * The sandbox's pages are the card processor's, not the site's: plain HTML, no scripts. They carry
 * the server's security policy (core/security.ts: never framed, no referrer); their one <style>
 * takes its nonce.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
} as const;

const NOTICE = 'Sandbox card processor: test mode. No real card is charged.';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
.notice{background:#fff4ce;border:1px solid #c9a400;padding:.5rem 1rem}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.25rem;border:1px solid #555;background:#fff;cursor:pointer}
button.primary{background:#1a56db;border-color:#1a56db;color:#fff}ul{padding:0;list-style:none}
li{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;padding:.5rem 0}
form{display:inline}</style></head>
<body><p class="notice" role="note">${e(NOTICE)}</p>
<main>
${body}
</main>
</body></html>
`;
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export interface ChallengeView {
  intentId: string;
  kind: string;
  amount: number | null;
  currency: string | null;
  description: string | null;
  card: { brand: string; last4: string } | null;
}

/** The extra authentication step of card 4000 0000 0000 3220 (a bank's challenge page). */
export function challengePage(view: ChallengeView): string {
  const action = `/sandbox/authenticate/${encodeURIComponent(view.intentId)}`;
  const what =
    view.kind === 'payment' && view.amount !== null && view.currency
      ? `Confirm the payment of <strong>${e(money(view.amount, view.currency))}</strong>${view.description ? ` for ${e(view.description)}` : ''}`
      : 'Confirm that this card may be saved for later payments';
  const card = view.card ? ` with the ${e(view.card.brand)} card ending in ${e(view.card.last4)}` : '';
  return page(
    'Card authentication',
    `<h1>Card authentication</h1>
<p>${what}${card}.</p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="complete"><button class="primary" type="submit">Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail"><button type="submit">Fail authentication</button></form>`,
  );
}

/** Shown when the intent is unknown or no longer waits for authentication and has nowhere to return to. */
export function messagePage(title: string, message: string, backUrl: string | null): string {
  const back = backUrl ? `<p><a href="${e(backUrl)}">Back to the site</a></p>` : '';
  return page(title, `<h1>${e(title)}</h1>\n<p>${e(message)}</p>\n${back}`);
}

/** The customer portal: the viewer's saved cards, each removable, and the way back to the site. */
export function portalPage(token: string, cards: Card[], returnUrl: string): string {
  const items = cards
    .map(
      (c) =>
        `<li><span>${e(c.brand)} •••• ${e(c.last4)}, expires ${String(c.exp_month).padStart(2, '0')}/${c.exp_year}</span>` +
        `<form method="post" action="/sandbox/portal/${e(token)}/cards/${encodeURIComponent(c.id)}/remove">` +
        `<button type="submit" aria-label="Remove ${e(c.brand)} card ending in ${e(c.last4)}">Remove</button></form></li>`,
    )
    .join('\n');
  const list = cards.length > 0 ? `<ul>\n${items}\n</ul>` : '<p>No saved cards.</p>';
  return page('Saved cards', `<h1>Saved cards</h1>\n${list}\n<p><a href="${e(returnUrl)}">Back to the site</a></p>`);
}
