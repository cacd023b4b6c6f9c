import {
  ApiErrorBody,
  ConsoleOffersResponse,
  ConsolePackageResponse,
  ConsolePromoCodeResponse,
  ConsolePromoCodesResponse,
  ConsoleSubscriptionResponse,
  CreatePackageBody,
  CreatePromoCodeBody,
  CreateSubscriptionBody,
  IdParams,
  type OperatorRole,
  UpdatePackageBody,
  UpdatePromoCodeBody,
  UpdateSubscriptionBody,
} from '@grandstand/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit, registerConsoleRoutes, requireConsole } from '../../operators/index.ts';
import { OfferProblem, OffersConsole } from '../catalog/offersConsole.ts';

/** Offers and promo codes are money: the channel's owners only (spec §1 admin dashboard). */
export const OFFERS_ROLES: readonly OperatorRole[] = ['owner'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
const owner = requireConsole(OFFERS_ROLES);
const route = { apiKey: false };

/**
 * The control room's offers under /api/console: packages (single-event, category and team passes)
 * and subscriptions created, edited, retired and restored; promo codes created and edited. Every
 * change is audited in its own transaction. Console POSTs answer 200: the api-client the console
 * calls through takes no other success status (spec §8).
 */
const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const offers = new OffersConsole(app.db, recordAudit);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OfferProblem) {
      const body: ApiErrorBody = { message: error.message, field: error.field, code: error.code, errors: { [error.field]: [error.message] } };
      return reply.code(error.status).send(body);
    }
    // Everything else as the app answers it (schema refusals name their field).
    throw error;
  });

  app.get('/offers', { config: route, preHandler: owner, schema: { tags: ['console'], response: { 200: ConsoleOffersResponse, ...errors } } }, async (request) => offers.list(request.channelId));

  app.post('/offers/packages', { config: route, preHandler: owner, schema: { tags: ['console'], body: CreatePackageBody, response: { 200: ConsolePackageResponse, ...errors } } }, async (request) => ({
    package: await offers.createPackage(request.consoleActor!, request.body),
  }));

  app.patch(
    '/offers/packages/:id',
    { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, body: UpdatePackageBody, response: { 200: ConsolePackageResponse, ...errors } } },
    async (request) => ({ package: await offers.updatePackage(request.consoleActor!, request.params.id, request.body) }),
  );

  app.post('/offers/packages/:id/retire', { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, response: { 200: ConsolePackageResponse, ...errors } } }, async (request) => ({
    package: await offers.retirePackage(request.consoleActor!, request.params.id),
  }));

  app.post('/offers/packages/:id/restore', { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, response: { 200: ConsolePackageResponse, ...errors } } }, async (request) => ({
    package: await offers.restorePackage(request.consoleActor!, request.params.id),
  }));

  app.post(
    '/offers/subscriptions',
    { config: route, preHandler: owner, schema: { tags: ['console'], body: CreateSubscriptionBody, response: { 200: ConsoleSubscriptionResponse, ...errors } } },
    async (request) => ({ subscription: await offers.createSubscription(request.consoleActor!, request.body) }),
  );

  app.patch(
    '/offers/subscriptions/:id',
    { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, body: UpdateSubscriptionBody, response: { 200: ConsoleSubscriptionResponse, ...errors } } },
    async (request) => ({ subscription: await offers.updateSubscription(request.consoleActor!, request.params.id, request.body) }),
  );

  app.post(
    '/offers/subscriptions/:id/retire',
    { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleSubscriptionResponse, ...errors } } },
    async (request) => ({ subscription: await offers.retireSubscription(request.consoleActor!, request.params.id) }),
  );

  app.post(
    '/offers/subscriptions/:id/restore',
    { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleSubscriptionResponse, ...errors } } },
    async (request) => ({ subscription: await offers.restoreSubscription(request.consoleActor!, request.params.id) }),
  );

  app.get('/promo-codes', { config: route, preHandler: owner, schema: { tags: ['console'], response: { 200: ConsolePromoCodesResponse, ...errors } } }, async (request) => ({
    promoCodes: await offers.promoCodes(request.channelId),
  }));

  app.post('/promo-codes', { config: route, preHandler: owner, schema: { tags: ['console'], body: CreatePromoCodeBody, response: { 200: ConsolePromoCodeResponse, ...errors } } }, async (request) => ({
    promoCode: await offers.createPromoCode(request.consoleActor!, request.body),
  }));

  app.patch(
    '/promo-codes/:id',
    { config: route, preHandler: owner, schema: { tags: ['console'], params: IdParams, body: UpdatePromoCodeBody, response: { 200: ConsolePromoCodeResponse, ...errors } } },
    async (request) => ({ promoCode: await offers.updatePromoCode(request.consoleActor!, request.params.id, request.body) }),
  );
};

/** The offers' console calls, beside the operators' under /api/console and guarded by their `requireConsole`. */
export default fp(async (app) => registerConsoleRoutes(app, [offersRoutes]), { name: 'commerce-offers-console', dependencies: ['db', 'operators'] });
