import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

function isApi(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/** Fastify's own request errors: the body is at fault, whatever broke in it. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * The router's own refusals (a URL that is not valid percent-encoding) come before any error
 * handler: `buildApp` passes this as Fastify's `frameworkErrors`, so they answer JSON naming the URL too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { message: 'The address is not valid (a bad %-escape).', field: 'url' };
  return reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send(body);
}

/**
 * One error handler: every failure answers `ApiErrorBody` JSON naming the field at fault, and
 * bad input never yields a 5xx (developers' guide). Unknown /api routes answer 404 JSON.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        const context = error.validationContext ?? 'body';
        for (const issue of error.validation) {
          const field = issue.instancePath.split('/').filter(Boolean)[0] ?? context;
          (errors[field] ??= []).push(issue.message ?? 'is invalid');
        }
        const field = Object.keys(errors)[0] ?? context;
        const body: ApiErrorBody = { message: `The ${field} field is invalid.`, field, errors };
        return reply.code(400).send(body);
      }
      const status = error.statusCode ?? 500;
      const bodyMessage = error.code ? BODY_ERRORS[error.code] : undefined;
      if (bodyMessage !== undefined || (error instanceof SyntaxError && status === 400)) {
        const body: ApiErrorBody = { message: bodyMessage ?? 'The request body is not valid JSON.', field: 'body' };
        return reply.code(status >= 400 && status < 500 ? status : 400).send(body);
      }
      if (status >= 400 && status < 500) {
        const body: ApiErrorBody = { message: error.message, field: 'request' };
        return reply.code(status).send(body);
      }
      request.log.error({ err: error }, 'request failed');
      const body: ApiErrorBody = { message: 'Something went wrong. Please try again or contact technical support' };
      return reply.code(500).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiErrorBody = isApi(request)
        ? { message: `No route ${request.method} ${request.url.split('?')[0]}.`, field: 'url' }
        : { message: 'Not found.', field: 'url' };
      return reply.code(404).send(body);
    });
  },
  { name: 'errors' },
);
