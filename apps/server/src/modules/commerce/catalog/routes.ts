import {
  ApiErrorBody,
  ApplyCouponQuery,
  ApplyCouponResponse,
  IdParams,
  PackageResponse,
  PackagesQuery,
  PackagesResponse,
  PickedEventResponse,
  PickEventBody,
  SubscriptionResponse,
  SubscriptionsResponse,
  WRONG_PROMO_CODE,
} from '@grandstand/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUsableCoupon, quoteCoupon } from './coupons.ts';
import { pickEvent, PickProblem } from './picks.ts';
import { type Entitlements, loadEntitlements, noEntitlements } from '../entitlements.ts';
import { fail, unauthenticated } from '../../accounts/helpers.ts';

/**
 * spec §7 Payments, the catalog half: packages, subscriptions and promo codes. Not cached: the
 * purchased flag (spec §4) is the viewer's, and these are a handful of rows per channel.
 */
const commerceCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const offers = app.offersRepository;
  const entitlementsOf = (request: FastifyRequest): Promise<Entitlements> =>
    request.userId === null ? Promise.resolve(noEntitlements()) : loadEntitlements(app.db, request.channelId, request.userId);

  app.get('/packages', { schema: { querystring: PackagesQuery, response: { 200: PackagesResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const eventId = request.query.event_id;
    const event = eventId === undefined ? null : await offers.eventForSale(request.channelId, eventId);
    // Another channel's event is as unknown as a missing one (architecture: multi-tenancy).
    if (event === undefined) return fail(reply, 404, 'event_id', 'Event not found.');
    return { data: await offers.listPackages(request.channelId, await entitlementsOf(request), event) };
  });

  app.get('/packages/:id', { schema: { params: IdParams, response: { 200: PackageResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const data = await offers.getPackage(request.channelId, request.params.id, await entitlementsOf(request));
    if (!data) return fail(reply, 404, 'id', 'Package not found.');
    return { data };
  });

  // spec §6 quota: the viewer picks a game of their quota pass; it stays theirs.
  app.post(
    '/packages/:id/picks',
    { schema: { params: IdParams, body: PickEventBody, response: { 200: PickedEventResponse, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody } } },
    async (request, reply) => {
      if (request.userId === null) return unauthenticated(reply);
      try {
        return { data: await pickEvent(app.db, request.channelId, request.userId, request.params.id, request.body.event_id) };
      } catch (error) {
        if (!(error instanceof PickProblem)) throw error;
        return reply.code(error.status).send({ message: error.message, field: error.field, code: error.code, errors: { [error.field]: [error.message] } });
      }
    },
  );

  app.get('/subscriptions', { schema: { response: { 200: SubscriptionsResponse } } }, async (request) => ({
    data: await offers.listSubscriptions(request.channelId, await entitlementsOf(request)),
  }));

  app.get('/subscriptions/:id', { schema: { params: IdParams, response: { 200: SubscriptionResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const data = await offers.getSubscription(request.channelId, request.params.id, await entitlementsOf(request));
    if (!data) return fail(reply, 404, 'id', 'Subscription not found.');
    return { data };
  });

  // spec §7 GET apply_coupon: the price of what is being bought with the code; spec §8 "Wrong promo code" otherwise.
  app.get(
    '/apply_coupon',
    {
      // Guessing promo codes is what a limit is for (a viewer typing one needs far fewer); buy counts its codes against the same tries.
      preHandler: (request, reply) => app.couponTry(request, reply, request.userId),
      schema: { querystring: ApplyCouponQuery, response: { 200: ApplyCouponResponse, 400: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody } },
    },
    async (request, reply) => {
      const { code, type, id } = request.query;
      const prices = await priceOf(request.channelId, type, id);
      if (!prices) return fail(reply, 404, 'id', `${type === 'event' ? 'Event' : type === 'package' ? 'Package' : 'Subscription'} not found.`);
      const coupon = await findUsableCoupon(app.db, request.channelId, code, { kind: type, productId: id, userId: request.userId });
      if (!coupon) return fail(reply, 400, 'code', WRONG_PROMO_CODE);
      return { data: quoteCoupon(coupon, prices.basePrice, prices.serviceFee) };
    },
  );

  /** What is for sale under this id: a paid or ppv event, a category package, a subscription. */
  async function priceOf(channelId: number, type: 'event' | 'package' | 'subscription', id: number): Promise<{ basePrice: number; serviceFee: number } | undefined> {
    if (type === 'event') {
      const event = await app.db.selectFrom('events').select(['access_type', 'base_price', 'service_fee']).where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
      if (!event || (event.access_type !== 'paid' && event.access_type !== 'ppv')) return undefined;
      return { basePrice: Number(event.base_price), serviceFee: Number(event.service_fee) };
    }
    // The single-event package is priced by its event: a code for it is asked with type event.
    const [row] = type === 'package' ? (await offers.packageRows(channelId, id)).filter((p) => p.scope === 'category') : await offers.subscriptionRows(channelId, id);
    // A retired offer is no longer sold: nothing to quote.
    return row && !row.retired ? { basePrice: row.base_price, serviceFee: row.service_fee } : undefined;
  }
};

export default commerceCatalogRoutes;
