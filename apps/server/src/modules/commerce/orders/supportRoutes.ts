import {
  ApiErrorBody,
  CompOrderBody,
  IdParams,
  type OperatorRole,
  RefundOrderBody,
  SupportCompOptions,
  SupportOrderResponse,
  SupportOrdersQuery,
  SupportOrdersResponse,
} from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit, requireConsole } from '../../operators/index.ts';
import { SupportOrders, supportErrorHandler } from './supportOrders.ts';

/** Orders are support's, and the owner's (who can do everything); producers and analysts see none. */
export const SUPPORT_ROLES: readonly OperatorRole[] = ['owner', 'support'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody, 502: ApiErrorBody };
const guard = requireConsole(SUPPORT_ROLES);
const route = { apiKey: false };

/**
 * The control room's orders under /api/console/orders (spec §1 admin dashboard, spec §9's
 * exception): find, see the provider's payment, refund with a reason, comp an event or a pass.
 */
const supportOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = new SupportOrders(app.db, recordAudit, (name) => app.payments.provider(name));
  app.setErrorHandler(supportErrorHandler);

  app.get('/orders', { config: route, preHandler: guard, schema: { tags: ['console'], querystring: SupportOrdersQuery, response: { 200: SupportOrdersResponse, ...errors } } }, async (request) =>
    orders.list(request.channelId, request.query),
  );

  app.get('/orders/comp-options', { config: route, preHandler: guard, schema: { tags: ['console'], response: { 200: SupportCompOptions, ...errors } } }, async (request) => orders.compOptions(request.channelId));

  // 200, not 201: the api-client the console calls through takes no other success status (spec §8).
  app.post('/orders/comp', { config: route, preHandler: guard, schema: { tags: ['console'], body: CompOrderBody, response: { 200: SupportOrderResponse, ...errors } } }, async (request) =>
    orders.comp(request.consoleActor!, request.body),
  );

  app.get('/orders/:id', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, response: { 200: SupportOrderResponse, ...errors } } }, async (request) =>
    orders.detail(request.channelId, request.params.id),
  );

  app.post('/orders/:id/refund', { config: route, preHandler: guard, schema: { tags: ['console'], params: IdParams, body: RefundOrderBody, response: { 200: SupportOrderResponse, ...errors } } }, async (request) =>
    orders.refund(request.consoleActor!, request.params.id, request.body.reason),
  );
};

export default supportOrdersRoutes;
