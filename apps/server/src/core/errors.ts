import type { ApiErrorBody } from '@grandstand/contract';
import { errorHandler, notFoundHandler } from '@grandstand/service-kit';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The router's own refusals come before any error handler: `buildApp` passes the service kit's
 * `frameworkErrors` as Fastify's, so they answer JSON naming the URL too.
 */
export { frameworkErrors } from '@grandstand/service-kit';

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

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
 * One error handler (the service kit's, the analytics service's too): every failure answers
 * `ApiErrorBody` JSON naming the field at fault, and bad input never yields a 5xx (developers'
 * guide). A schema's refusal names each field at fault. Unknown /api routes answer 404 JSON.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(
      errorHandler<FastifyError>({
        answer: (error, _request, reply) => {
          if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
          const errors: Record<string, string[]> = {};
          const context = error.validationContext ?? 'body';
          for (const issue of error.validation) {
            const field = issue.instancePath.split('/').filter(Boolean)[0] ?? context;
            (errors[field] ??= []).push(issue.message ?? 'is invalid');
          }
          const field = Object.keys(errors)[0] ?? context;
          const body: ApiErrorBody = { message: `The ${field} field is invalid.`, field, errors };
          return reply.code(400).send(body);
        },
      }),
    );

    // After the key check and schema validation, before any handler: no text with a NUL goes further.
    app.addHook('preHandler', async (request, reply) => {
      const field = fieldWithNul(request.params, null) ?? fieldWithNul(request.query, null) ?? (typeof request.body === 'object' ? fieldWithNul(request.body, null) : null);
      if (field === null) return;
      const message = `The ${field} field contains a NUL character.`;
      const body: ApiErrorBody = { message, field, errors: { [field]: [message] } };
      return reply.code(400).send(body);
    });

    app.setNotFoundHandler(notFoundHandler({ isRoute: isApi }));
  },
  { name: 'errors' },
);
