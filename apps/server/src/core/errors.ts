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
 * The field holding a NUL character (U+0000), anywhere in a value (a key included): PostgreSQL text
 * and jsonb cannot store it, so such a value reaching a query failed there (500).
 */
function fieldWithNul(value: unknown, field: string | null, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? (field ?? 'body') : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const name = field ?? key;
    if (key.includes('\u0000')) return name;
    const found = fieldWithNul(child, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The router's own refusals come before any error handler: `buildApp` passes this as Fastify's
 * `frameworkErrors`, so they answer JSON naming the URL too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? 'A part of the address is too long.' : error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid (a bad %-escape).' : 'The address is not valid.';
  const body: ApiErrorBody = { message, field: 'url' };
  return reply.code(tooLong ? 414 : 400).send(body);
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

    // After the key check and schema validation, before any handler: no text with a NUL goes further.
    app.addHook('preHandler', async (request, reply) => {
      const field = fieldWithNul(request.params, null) ?? fieldWithNul(request.query, null) ?? (typeof request.body === 'object' ? fieldWithNul(request.body, null) : null);
      if (field === null) return;
      const message = `The ${field} field contains a NUL character.`;
      const body: ApiErrorBody = { message, field, errors: { [field]: [message] } };
      return reply.code(400).send(body);
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
