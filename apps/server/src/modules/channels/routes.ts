import {
  ApiErrorBody,
  ChannelSettingsResponse,
  ColorSettingsResponse,
  CustomFormAlias,
  CustomFormResponse,
  FaqResponse,
  MenuResponse,
  PageDetailResponse,
  PagesResponse,
  SlidesQuery,
  SlidesResponse,
  IdParams,
} from '@grandstand/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentSettings } from '../commerce/catalog/paymentSettings.ts';

const fixed = (name: string) => () => name;
const param = (name: string, key: string) => (request: FastifyRequest) => `${name}:${String((request.params as Record<string, unknown>)[key])}`;

/** spec §7 Channel: settings, menu, pages, slides, colours, plus the FAQ and custom forms. */
const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentSettings(app.payments);
  app.get('/settings', { config: { catalog: fixed('settings') }, schema: { response: { 200: ChannelSettingsResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const data = await app.catalogRepository.settings(request.channelId);
    if (!data) return reply.code(404).send({ message: 'Channel not found.', field: 'api_key' });
    return { data: { ...data, social_providers: app.socialProviders?.(request.channelId) ?? [], payments } };
  });

  app.get('/color-settings/web', { config: { catalog: fixed('colors') }, schema: { response: { 200: ColorSettingsResponse, 404: ApiErrorBody } } }, async (request, reply) => {
    const data = await app.catalogRepository.colorSettings(request.channelId);
    if (!data) return reply.code(404).send({ message: 'Channel not found.', field: 'api_key' });
    return { data };
  });

  app.get('/menu', { config: { catalog: fixed('menu') }, schema: { response: { 200: MenuResponse } } }, async (request) => ({
    data: await app.catalogRepository.menu(request.channelId),
  }));

  app.get('/pages', { config: { catalog: fixed('pages') }, schema: { response: { 200: PagesResponse } } }, async (request) => ({
    data: await app.catalogRepository.pages(request.channelId),
  }));

  app.get(
    '/pages/:id',
    { config: { catalog: param('page', 'id') }, schema: { params: IdParams, response: { 200: PageDetailResponse, 404: ApiErrorBody } } },
    async (request, reply) => {
      const data = await app.catalogRepository.page(request.channelId, request.params.id);
      // Another channel's page is as unknown as a missing one (architecture: multi-tenancy).
      if (!data) return reply.code(404).send({ message: 'Page not found.', field: 'id' });
      return { data };
    },
  );

  app.get(
    '/slides/web',
    { config: { catalog: (request) => `slides:${(request.query as { type?: string }).type ?? ''}` }, schema: { querystring: SlidesQuery, response: { 200: SlidesResponse } } },
    async (request) => ({ data: await app.catalogRepository.slides(request.channelId, request.query.type) }),
  );

  app.get('/faq', { config: { catalog: fixed('faq') }, schema: { response: { 200: FaqResponse } } }, async (request) => ({
    data: await app.catalogRepository.faq(request.channelId),
  }));

  app.get(
    '/custom-forms/:alias',
    { config: { catalog: param('form', 'alias') }, schema: { params: z.object({ alias: CustomFormAlias }), response: { 200: CustomFormResponse, 404: ApiErrorBody } } },
    async (request, reply) => {
      const data = await app.catalogRepository.customForm(request.channelId, request.params.alias);
      // spec §7: a 404 means the channel has no such form; the client tolerates it.
      if (!data) return reply.code(404).send({ message: 'Form not found.', field: 'alias' });
      return { data };
    },
  );
};

export default channelRoutes;
