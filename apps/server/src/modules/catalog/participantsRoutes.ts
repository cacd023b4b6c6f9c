import { ParticipantGroupPropertiesResponse, ParticipantGroupsResponse, ParticipantsQuery, ParticipantsResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** spec §7 Participants: teams (nested), schools, and the filter values they use. */
const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/participants',
    {
      config: { catalog: (request) => `participants:${(request.query as { no_limit?: string }).no_limit ?? '0'}` },
      schema: { querystring: ParticipantsQuery, response: { 200: ParticipantsResponse } },
    },
    async (request) => ({ data: await app.catalogRepository.participants(request.channelId, request.query.no_limit === '1') }),
  );

  app.get('/participant-groups', { config: { catalog: () => 'groups' }, schema: { response: { 200: ParticipantGroupsResponse } } }, async (request) => ({
    data: await app.catalogRepository.participantGroups(request.channelId),
  }));

  app.get(
    '/participant-group-properties',
    { config: { catalog: () => 'group-properties' }, schema: { response: { 200: ParticipantGroupPropertiesResponse } } },
    async (request) => ({ data: await app.catalogRepository.participantGroupProperties(request.channelId) }),
  );
};

export default participantsRoutes;
