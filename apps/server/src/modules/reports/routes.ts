import {
  ApiErrorBody,
  type OperatorRole,
  ReportCsv,
  ReportExportQuery,
  ReportSettingsBody,
  ReportSettingsResponse,
  ReportsAudience,
  ReportsOverview,
  ReportsQuery,
  RevenueShareStatement,
} from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit, requireConsole } from '../operators/index.ts';
import { type AudienceSource } from './audience.ts';
import { ReportsRepository } from './repository.ts';
import { periodOf, ReportsProblem, ReportsService, toCsv } from './service.ts';

/** Reports are read by owners and analysts; their share settings are written by owners. */
export const REPORT_READERS: readonly OperatorRole[] = ['owner', 'analyst'];
export const REPORT_WRITERS: readonly OperatorRole[] = ['owner'];

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 503: ApiErrorBody };
const read = requireConsole(REPORT_READERS);
const write = requireConsole(REPORT_WRITERS);
const route = { apiKey: false };

export interface ReportsRoutesOptions {
  audience: AudienceSource;
}

/**
 * The control room's reports under /api/console/reports (spec §1, admin dashboard: reports): the
 * overview of the server's own figures, the analytics service's audience figures, the revenue-share
 * statement by school and team, every table as CSV, and the share settings.
 */
const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, options) => {
  const service = new ReportsService(new ReportsRepository(app.db, recordAudit), options.audience);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ReportsProblem) {
      const body: ApiErrorBody = { message: error.message, field: error.field, code: error.code, errors: { [error.field]: [error.message] } };
      return reply.code(error.status).send(body);
    }
    throw error;
  });

  app.get('/reports/overview', { config: route, preHandler: read, schema: { tags: ['console'], querystring: ReportsQuery, response: { 200: ReportsOverview, ...errors } } }, async (request) =>
    service.overview(request.channelId, periodOf(request.query)),
  );

  app.get('/reports/audience', { config: route, preHandler: read, schema: { tags: ['console'], querystring: ReportsQuery, response: { 200: ReportsAudience, ...errors } } }, async (request) => {
    const period = periodOf(request.query);
    return service.audienceReport(await service.repository.slug(request.channelId), period);
  });

  app.get(
    '/reports/revenue-share',
    { config: route, preHandler: read, schema: { tags: ['console'], querystring: ReportsQuery, response: { 200: RevenueShareStatement, ...errors } } },
    async (request) => {
      const period = periodOf(request.query);
      return service.statement(request.channelId, await service.repository.slug(request.channelId), period);
    },
  );

  app.get('/reports/export.csv', { config: route, preHandler: read, schema: { tags: ['console'], querystring: ReportExportQuery, response: { 200: ReportCsv, ...errors } } }, async (request, reply) => {
    const period = periodOf(request.query);
    const rows = await service.table(request.channelId, await service.repository.slug(request.channelId), request.query.table, period);
    const name = `${request.query.table}_${period.from}_${period.to}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(toCsv(rows));
  });

  app.get('/reports/settings', { config: route, preHandler: read, schema: { tags: ['console'], response: { 200: ReportSettingsResponse, ...errors } } }, async (request) =>
    service.repository.settings(request.channelId),
  );

  app.post('/reports/settings', { config: route, preHandler: write, schema: { tags: ['console'], body: ReportSettingsBody, response: { 200: ReportSettingsResponse, ...errors } } }, async (request) =>
    service.repository.saveSettings(request.consoleActor!, request.body),
  );
};

export default reportsRoutes;
