import { EventCategoriesResponse, EventLocationsResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** spec §7 Events: the catalog parts (sports, venues). Event listings come with the media work. */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/events-categories', { config: { catalog: () => 'categories' }, schema: { response: { 200: EventCategoriesResponse } } }, async (request) => ({
    data: await app.catalog.eventCategories(request.channelId),
  }));

  app.get('/events-locations', { config: { catalog: () => 'locations' }, schema: { response: { 200: EventLocationsResponse } } }, async (request) => ({
    data: await app.catalog.eventLocations(request.channelId),
  }));
};

export default eventsRoutes;
