import {
  ApiErrorBody,
  BuyBody,
  BuyResponse,
  CardProviderParam,
  CardsResponse,
  CustomerPortalResponse,
  OpenOrderErrorBody,
  OrderIdParams,
  OrderResponse,
  OrdersQuery,
  OrdersResponse,
  SetupIntentBody,
  SetupIntentResponse,
  StartTrialBody,
  UnsubscribeBody,
  UnsubscribeResponse,
  type CardProvider,
} from '@grandstand/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  applyPaymentEvent,
  buy,
  type CommerceOptions,
  DEFAULT_RENEWAL_INTERVAL_MS,
  DEFAULT_RENEWAL_SETTINGS,
  OpenOrderProblem,
  PurchaseProblem,
  scheduleRenewals,
  startTrial,
  UNSUBSCRIBE_MESSAGE,
  unsubscribe,
  type Buyer,
} from './index.ts';
import { type CardProviderApi, UnhandledWebhookEventError, WebhookSignatureError } from '../../payments/index.ts';
import { currentUser, fail, unauthenticated } from '../../accounts/helpers.ts';

/** spec §7 GET orders: every order unless a limit is given; no_limit=0 without a limit pages by this. */
const DEFAULT_PAGE = 20;

/**
 * Where the provider sends the viewer back: the channel's public origin (configuration, never the
 * request's Host) plus a path of the site, validated by the contract as a same-site path.
 */
function returnUrl(request: FastifyRequest, path: string | undefined): string {
  return `${request.server.channels.publicOrigin(request.channelId)}${path ?? '/'}`;
}

function providerOf(app: FastifyInstance, reply: FastifyReply, name: CardProvider): CardProviderApi | null {
  const provider = app.payments.provider(name);
  if (!provider) fail(reply, 400, 'provider', `The card provider ${name} is not enabled.`);
  return provider;
}

async function buyerOf(app: FastifyInstance, request: FastifyRequest): Promise<Buyer | null> {
  const user = await currentUser(app, request);
  if (!user) return null;
  return { channelId: request.channelId, userId: user.id, email: user.email, trialPeriodUsed: user.trial_period_used };
}

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof OpenOrderProblem) {
    // The viewer's open order of this product (another tab): the site follows it rather than paying twice.
    const body: OpenOrderErrorBody = { message: error.message, field: error.field, errors: { [error.field]: [error.message] }, ...error.open };
    return reply.code(error.status).send(body);
  }
  if (error instanceof PurchaseProblem) return fail(reply, error.status, error.field, error.message);
  throw error;
}

/**
 * A purchase's 409: the product is owned, the idempotency key was reused with another body, or the
 * product is already being bought, and then the body carries that open order (OpenOrderErrorBody).
 */
const PurchaseConflictBody = ApiErrorBody.extend({
  order: OpenOrderErrorBody.shape.order.optional(),
  next_action: OpenOrderErrorBody.shape.next_action.optional(),
}).describe('A conflict naming the field; when the product is already being bought, with that open order and its pending step.');

/** What a purchase can answer besides its order: a refusal naming the field (PurchaseProblem). */
const PURCHASE_ERRORS = { 401: ApiErrorBody, 404: ApiErrorBody, 409: PurchaseConflictBody };

/** The viewer's calls (spec §7 Payments): every one needs a logged-in user (401 otherwise). */
const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.ordersRepository;
  app.addHook('preValidation', async (request, reply) => {
    if (request.userId === null) return unauthenticated(reply);
  });

  app.get('/orders', { schema: { querystring: OrdersQuery, response: { 200: OrdersResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const { limit, no_limit: noLimit, offset, type, status, activity_status: activityStatus } = request.query;
    const pageSize = limit ?? (noLimit === '0' ? DEFAULT_PAGE : null);
    const { data, total } = await orders.list(buyer.channelId, buyer.userId, { type, status, activity_status: activityStatus, limit: pageSize, offset });
    return { data, meta: { total, offset, limit: pageSize } };
  });

  app.get('/orders/:order_id', { schema: { params: OrderIdParams, response: { 200: OrderResponse, 401: ApiErrorBody, 404: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const row = await orders.find(buyer.channelId, buyer.userId, request.params.order_id);
    if (!row) return fail(reply, 404, 'order_id', 'Order not found.');
    return { data: await orders.withTransactions(row) };
  });

  app.post('/:provider/buy', { schema: { params: CardProviderParam, body: BuyBody, response: { 200: BuyResponse, ...PURCHASE_ERRORS, 429: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const provider = providerOf(app, reply, request.params.provider);
    if (!provider) return reply;
    // A buy with a wrong code says so ("Wrong promo code"): it is a promo-code guess like apply_coupon, and counts with it.
    if (request.body.coupon !== undefined) await app.couponTry(request, reply, buyer.userId);
    try {
      return { data: await buy({ db: app.db, orders: app.ordersRepository, provider, buyer, returnUrl: returnUrl(request, request.body.return_path) }, request.body) };
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post(
    '/:provider/subscription/start_trial',
    { schema: { params: CardProviderParam, body: StartTrialBody, response: { 200: BuyResponse, ...PURCHASE_ERRORS } } },
    async (request, reply) => {
      const buyer = await buyerOf(app, request);
      if (!buyer) return unauthenticated(reply);
      const provider = providerOf(app, reply, request.params.provider);
      if (!provider) return reply;
      try {
        return { data: await startTrial({ db: app.db, orders: app.ordersRepository, provider, buyer, returnUrl: returnUrl(request, request.body.return_path) }, request.body) };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post('/:provider/unsubscribe', { schema: { params: CardProviderParam, body: UnsubscribeBody, response: { 200: UnsubscribeResponse, ...PURCHASE_ERRORS } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    if (!providerOf(app, reply, request.params.provider)) return reply;
    try {
      return { data: await unsubscribe(app.db, app.ordersRepository, buyer, request.body.order_id), message: UNSUBSCRIBE_MESSAGE };
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.get('/:provider/list-cards', { schema: { params: CardProviderParam, response: { 200: CardsResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const provider = providerOf(app, reply, request.params.provider);
    if (!provider) return reply;
    return { data: await provider.listCards(buyer.channelId, buyer.userId) };
  });

  app.post('/:provider/setup-intent', { schema: { params: CardProviderParam, body: SetupIntentBody, response: { 200: SetupIntentResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const provider = providerOf(app, reply, request.params.provider);
    if (!provider) return reply;
    const result = await provider.setup({
      channelId: buyer.channelId,
      userId: buyer.userId,
      email: buyer.email,
      paymentMethod: request.body.payment_method,
      orderId: null,
      idempotencyKey: `setup-${randomUUID()}`,
      returnUrl: returnUrl(request, request.body.return_path),
    });
    const cards = result.status === 'failed' ? [] : await provider.listCards(buyer.channelId, buyer.userId);
    const card = cards.find((c) => c.id === request.body.payment_method) ?? cards.find((c) => c.last4 === result.card?.last4 && c.brand === result.card?.brand) ?? null;
    // The card is saved once the provider accepts it; its check's outcome arrives by webhook.
    const status: 'succeeded' | 'requires_action' | 'failed' = result.status === 'processing' ? 'succeeded' : result.status;
    return {
      data: {
        id: result.intentId,
        status,
        card,
        next_action: result.status === 'requires_action' && result.nextActionUrl ? { type: 'authenticate' as const, url: result.nextActionUrl } : null,
      },
    };
  });

  app.get('/:provider/customer-portal', { schema: { params: CardProviderParam, response: { 200: CustomerPortalResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const buyer = await buyerOf(app, request);
    if (!buyer) return unauthenticated(reply);
    const provider = providerOf(app, reply, request.params.provider);
    if (!provider) return reply;
    return { data: { url: await provider.customerPortalUrl(buyer.channelId, buyer.userId, buyer.email, returnUrl(request, '/profile')) } };
  });
};

/**
 * POST {card-provider}/webhook: the provider's signed outcome of a charge or setup. No api key (the
 * signature is the credential) and the body is kept as received, since the signature covers the
 * exact bytes; this encapsulated context parses every content type as text.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/:provider/webhook',
    { config: { apiKey: false }, schema: { params: CardProviderParam, response: { 200: z.object({ data: z.object({ received: z.literal(true) }) }), 400: ApiErrorBody } } },
    async (request, reply) => {
      const provider = providerOf(app, reply, request.params.provider);
      if (!provider) return reply;
      const rawBody = typeof request.body === 'string' ? request.body : '';
      let event;
      try {
        event = provider.verifyWebhook(rawBody, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) return fail(reply, 400, 'signature', error.message || 'The webhook signature is invalid.');
        // Genuine but about nothing the site acts on (another event type): acknowledged so it is not resent.
        if (error instanceof UnhandledWebhookEventError) return { data: { received: true as const } };
        throw error;
      }
      const outcome = await applyPaymentEvent(app.db, provider.name, event);
      // A charge settled: the analytics service's revenue hears of it now (src/modules/analytics/payments.ts).
      if (outcome === 'applied' && event.type === 'payment.succeeded') app.analyticsPayments?.soon();
      if (outcome === 'late_success') {
        // The order had failed (e.g. an abandoned extra authentication) and stays failed: the
        // viewer was charged without access, which support refunds (README, Orders).
        request.log.warn({ orderId: event.orderId, intentId: event.intentId, provider: provider.name }, 'payment succeeded on a failed order: refund by support');
      }
      return { data: { received: true as const } };
    },
  );
};

export type CommerceOrdersOptions = CommerceOptions;

declare module '../../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Renewal job settings; `serve` passes `loadConfig().commerce`. */
    commerce?: CommerceOptions;
  }
}

/** Orders, checkout, cards and the provider webhook, and the renewal job. */
const commerceOrdersRoutes: FastifyPluginAsyncZod<CommerceOrdersOptions> = async (app, options) => {
  await app.register(viewerRoutes);
  await app.register(webhookRoutes);
  scheduleRenewals(app, options.renewalIntervalMs ?? DEFAULT_RENEWAL_INTERVAL_MS, {
    chargeTimeoutMs: options.chargeTimeoutMs ?? DEFAULT_RENEWAL_SETTINGS.chargeTimeoutMs,
    chargeAttempts: options.chargeAttempts ?? DEFAULT_RENEWAL_SETTINGS.chargeAttempts,
  });
};

export default commerceOrdersRoutes;
