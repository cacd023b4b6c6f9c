import {
  ApiErrorBody,
  type ConsoleEvent,
  ConsoleEventOptions,
  ConsoleEventResponse,
  ConsoleEventsQuery,
  ConsoleEventsResponse,
  CreateConsoleEventBody,
  IdParams,
  type OperatorRole,
  ScheduleImportBody,
  ScheduleImportRefusal,
  ScheduleImportResponse,
  ScheduleTemplate,
  SCHEDULE_ERROR_CODES,
  UpdateConsoleEventBody,
} from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ConsoleActor, recordAudit, requireConsole } from '../operators/index.ts';
import { scheduleTemplate } from './csv.ts';
import { importSchedule } from './importer.ts';
import { ScheduleRepository } from './repository.ts';
import { ScheduleProblem, utcSecondsToLocal } from './rules.ts';

/** Events are read by owners, producers and support; written by owners and producers (analysts see none). */
export const SCHEDULE_READERS: readonly OperatorRole[] = ['owner', 'producer', 'support'];
export const SCHEDULE_WRITERS: readonly OperatorRole[] = ['owner', 'producer'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
const read = requireConsole(SCHEDULE_READERS);
const write = requireConsole(SCHEDULE_WRITERS);
const route = { apiKey: false };

function refuse(reply: FastifyReply, problem: ScheduleProblem) {
  const body: ApiErrorBody = { message: problem.message, field: problem.field, code: problem.code, errors: { [problem.field]: [problem.message] } };
  return reply.code(problem.status).send(body);
}

/**
 * The control room's schedule under /api/console (spec §1, admin dashboard): list, the form's
 * options, create, edit and reschedule, publish, unpublish, cancel, and a season's CSV import
 * with its template. Every change is audited in its own transaction and told to the viewers' caches.
 */
const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const schedule = new ScheduleRepository(app.db, recordAudit, app.dataChanged);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ScheduleProblem) return refuse(reply, error);
    // Everything else as the app answers it (schema refusals name their field).
    throw error;
  });

  app.get('/events', { config: route, preHandler: read, schema: { tags: ['console'], querystring: ConsoleEventsQuery, response: { 200: ConsoleEventsResponse, ...errors } } }, async (request) =>
    schedule.list(request.channelId, request.query),
  );

  app.get('/events/options', { config: route, preHandler: read, schema: { tags: ['console'], response: { 200: ConsoleEventOptions, ...errors } } }, async (request) => schedule.options(request.channelId));

  app.get('/events/import/template.csv', { config: route, preHandler: read, schema: { tags: ['console'], response: { 200: ScheduleTemplate, ...errors } } }, async (request, reply) => {
    const options = await schedule.options(request.channelId);
    const home = options.teams[0];
    const away = options.teams.find((team) => team.id !== home?.id);
    // A week from now on the channel's own clock: the example is a date the import takes.
    const date = utcSecondsToLocal(Math.floor(Date.now() / 1000) + 7 * 86_400, options.defaultTimeZone).slice(0, 10);
    const csv = scheduleTemplate({
      home: home?.name ?? 'Home team',
      away: away?.name ?? 'Away team',
      school: options.schools.find((school) => school.id === home?.schoolId)?.name ?? '',
      sport: options.sports.find((sport) => sport.id === home?.sportId)?.name ?? options.sports[0]?.name ?? 'Basketball',
      venue: options.venues[0]?.name ?? '',
      timeZone: options.defaultTimeZone,
      date,
    });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="schedule-template.csv"').send(csv);
  });

  app.post(
    '/events/import',
    { config: route, preHandler: write, schema: { tags: ['console'], body: ScheduleImportBody, response: { 200: ScheduleImportResponse, 422: ScheduleImportRefusal, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody } } },
    async (request, reply) => {
      const { status, answer } = await importSchedule(app.db, schedule, recordAudit, app.dataChanged, request.consoleActor!, request.body);
      return reply.code(status).send(answer);
    },
  );

  // 200, not 201: the api-client the console calls through takes no other success status (spec §8).
  app.post('/events', { config: route, preHandler: write, schema: { tags: ['console'], body: CreateConsoleEventBody, response: { 200: ConsoleEventResponse, ...errors } } }, async (request) => ({
    event: await schedule.create(request.consoleActor!, request.body),
  }));

  app.get('/events/:id', { config: route, preHandler: read, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleEventResponse, ...errors } } }, async (request) => {
    const event = await schedule.get(request.channelId, request.params.id);
    // Another channel's event is as unknown as a missing one (architecture: multi-tenancy).
    if (!event) throw new ScheduleProblem('id', SCHEDULE_ERROR_CODES.notFound, 'Event not found.', 404);
    return { event };
  });

  app.patch('/events/:id', { config: route, preHandler: write, schema: { tags: ['console'], params: IdParams, body: UpdateConsoleEventBody, response: { 200: ConsoleEventResponse, ...errors } } }, async (request) => ({
    event: await schedule.update(request.consoleActor!, request.params.id, request.body),
  }));

  const changes: Record<'publish' | 'unpublish' | 'cancel', (actor: ConsoleActor, id: number) => Promise<ConsoleEvent>> = {
    publish: (actor, id) => schedule.setPublished(actor, id, true),
    unpublish: (actor, id) => schedule.setPublished(actor, id, false),
    cancel: (actor, id) => schedule.cancel(actor, id),
  };
  for (const [path, change] of Object.entries(changes)) {
    app.post(`/events/:id/${path}`, { config: route, preHandler: write, schema: { tags: ['console'], params: IdParams, response: { 200: ConsoleEventResponse, ...errors } } }, async (request) => ({
      event: await change(request.consoleActor!, request.params.id),
    }));
  }
};

export default scheduleRoutes;
