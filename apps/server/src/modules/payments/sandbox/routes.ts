import { ApiErrorBody, SandboxPaymentMethodBody, SandboxPaymentMethodResponse } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCardEntry } from '../cards.ts';
import { challengePage, messagePage, PAGE_HEADERS, portalPage } from './pages.ts';
import { cspNonce } from '../../../core/security.ts';

/** Only http(s) addresses are followed or linked: a stored return URL never becomes a script link. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The page's own <style> (the first in its head) carries this answer's nonce (core/security.ts). */
function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).headers(PAGE_HEADERS).send(body.replace('<style>', `<style nonce="${cspNonce(reply)}">`));
}

/** Shown when the site cancelled the payment before the viewer finished its extra authentication. */
export const CANCELED_MESSAGE = 'This payment was canceled. Nothing was charged.';

const IntentParams = z.object({ intentId: z.string().min(1).max(100) });
const PortalParams = z.object({ token: z.string().min(1).max(2000) });
const OutcomeBody = z.object({ outcome: z.enum(['complete', 'fail']) });

/**
 * POST /api/sandbox/payment_methods: the sandbox's card entry (what a processor's browser library
 * does: the number goes to the processor, the site keeps the payment method id). Needs the api key
 * like every /api call; the payment method belongs to the key's channel and viewer. Not served
 * (404) when the sandbox is off (`app.payments.sandboxEnabled`).
 */
const sandboxApiRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.payments.sandboxEnabled) return;
  const { provider: sandbox, now } = app.payments.sandbox;
  app.post(
    '/sandbox/payment_methods',
    { schema: { body: SandboxPaymentMethodBody, response: { 200: SandboxPaymentMethodResponse, 400: ApiErrorBody } } },
    async (request, reply) => {
      const { number, exp_month, exp_year, cvc } = request.body;
      const checked = checkCardEntry({ number, exp_month, exp_year, cvc }, new Date(now() * 1000));
      if ('field' in checked) {
        const { field, message } = checked;
        return reply.code(400).send({ message, field, errors: { [field]: [message] } });
      }
      const card = await sandbox.createPaymentMethod(request.channelId, request.userId, checked, exp_month, exp_year);
      return { data: card };
    },
  );
};

export default sandboxApiRoutes;

/**
 * The processor's own pages, outside /api (no api key: the link is the credential, as a
 * processor's hosted pages are): the challenge page of card 4000 0000 0000 3220 and the customer
 * portal. With the sandbox off, every /sandbox/ address is a 404 rather than the site's shell.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.payments.sandboxEnabled) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    app.route({
      method: ['GET', 'POST'],
      url: '/sandbox/*',
      handler: (_request, reply) => reply.code(404).headers(PAGE_HEADERS).send(messagePage('Not found', 'This page does not exist.', null)),
    });
    return;
  }
  const sandbox = app.payments.sandbox.provider;
  // Plain HTML forms post urlencoded bodies; only these pages take them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/sandbox/authenticate/:intentId', { schema: { params: IntentParams } }, async (request, reply) => {
    const intent = await sandbox.intent(request.params.intentId);
    if (!intent) return html(reply, 404, messagePage('Not found', 'This authentication request does not exist.', null));
    if (intent.status === 'canceled') return html(reply, 409, messagePage('Card authentication', CANCELED_MESSAGE, safeUrl(intent.return_url)));
    if (intent.status !== 'requires_action') {
      const done = intent.status === 'succeeded' ? 'This payment was authenticated.' : 'This authentication failed.';
      return html(reply, 200, messagePage('Card authentication', done, safeUrl(intent.return_url)));
    }
    return html(
      reply,
      200,
      challengePage({
        intentId: intent.id,
        kind: intent.kind,
        amount: intent.amount === null ? null : Number(intent.amount),
        currency: intent.currency,
        description: intent.description,
        card: intent.card_brand && intent.card_last4 ? { brand: intent.card_brand, last4: intent.card_last4 } : null,
      }),
    );
  });

  app.post('/sandbox/authenticate/:intentId', { schema: { params: IntentParams, body: OutcomeBody } }, async (request, reply) => {
    const intent = await sandbox.completeAuthentication(request.params.intentId, request.body.outcome === 'complete');
    if (!intent) return html(reply, 404, messagePage('Not found', 'This authentication request does not exist.', null));
    // The site gave up on this payment (its order was abandoned): completing it now takes nothing.
    if (intent.status === 'canceled') return html(reply, 409, messagePage('Card authentication', CANCELED_MESSAGE, safeUrl(intent.return_url)));
    // The webhook is on its way; the viewer goes back to the site, which polls the order.
    const back = safeUrl(intent.return_url);
    if (back) return reply.redirect(back, 303);
    const done = intent.status === 'succeeded' ? 'Authentication completed. You can close this page.' : 'Authentication failed. You can close this page.';
    return html(reply, 200, messagePage('Card authentication', done, null));
  });

  app.get('/sandbox/portal/:token', { schema: { params: PortalParams } }, async (request, reply) => {
    const session = sandbox.portalSession(request.params.token);
    if (!session) return html(reply, 404, messagePage('Link expired', 'This link has expired. Open the saved cards again from your profile.', null));
    const cards = await sandbox.listCards(session.channelId, session.userId);
    return html(reply, 200, portalPage(request.params.token, cards, safeUrl(session.returnUrl) ?? '/profile'));
  });

  app.post(
    '/sandbox/portal/:token/cards/:cardId/remove',
    { schema: { params: PortalParams.extend({ cardId: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const session = sandbox.portalSession(request.params.token);
      if (!session) return html(reply, 404, messagePage('Link expired', 'This link has expired. Open the saved cards again from your profile.', null));
      await sandbox.removeCard(session.channelId, session.userId, request.params.cardId);
      return reply.redirect(`/sandbox/portal/${request.params.token}`, 303);
    },
  );
};
