import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** Fastify's own request errors: the body is at fault, whatever broke in it. */
export const BODY_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/** What a 5xx says: nothing of the failure itself, which is logged instead. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again or contact technical support';

/** A service's own answer to some errors (its refusals, its schema validation); `undefined`: not one of them. */
export type ErrorAnswer<E extends Error> = (error: E, request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export interface ErrorHandlerOptions<E extends Error> {
  /** Tried first; what it leaves (`undefined`) the kit answers. */
  answer?: ErrorAnswer<E>;
  /** Body error messages over `BODY_ERRORS` (a service that takes other media types says so). */
  bodyErrors?: Readonly<Record<string, string>>;
}

/**
 * The error handler (`app.setErrorHandler(errorHandler(…))`): every failure answers `ApiErrorBody`
 * JSON, and bad input never yields a 5xx. A broken body names `body`; any other 4xx keeps its
 * status and message and names `request`; anything else is logged and answers a 500 that tells
 * nothing of it.
 */
export function errorHandler<E extends Error = FastifyError>(options: ErrorHandlerOptions<E> = {}) {
  const bodyErrors = { ...BODY_ERRORS, ...options.bodyErrors };
  return (error: E, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const answered = options.answer?.(error, request, reply);
    if (answered !== undefined) return answered;
    const { statusCode, code } = error as Partial<FastifyError>;
    const status = statusCode ?? 500;
    const bodyMessage = code ? bodyErrors[code] : undefined;
    if (bodyMessage !== undefined || (error instanceof SyntaxError && status === 400)) {
      const body: ApiErrorBody = { message: bodyMessage ?? 'The request body is not valid JSON.', field: 'body' };
      return reply.code(status >= 400 && status < 500 ? status : 400).send(body);
    }
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { message: error.message, field: 'request' };
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = { message: INTERNAL_ERROR_MESSAGE };
    return reply.code(500).send(body);
  };
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a bad %-escape, an overlong part) come
 * before any error handler or hook, so they answer JSON naming the URL here.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? 'A part of the address is too long.' : error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid (a bad %-escape).' : 'The address is not valid.';
  const body: ApiErrorBody = { message, field: 'url' };
  return reply.code(tooLong ? 414 : 400).send(body);
}

export interface NotFoundOptions {
  /**
   * The addresses that are a service's routes (an API), whose 404 names the method and path;
   * unset: every address is. Others answer a bare "Not found." (a page, an asset).
   */
  isRoute?: (url: string) => boolean;
}

/** The 404 (`app.setNotFoundHandler(notFoundHandler(…))`): `ApiErrorBody` JSON naming `url`. */
export function notFoundHandler(options: NotFoundOptions = {}) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const body: ApiErrorBody =
      options.isRoute === undefined || options.isRoute(request.url)
        ? { message: `No route ${request.method} ${request.url.split('?')[0]}.`, field: 'url' }
        : { message: 'Not found.', field: 'url' };
    return reply.code(404).send(body);
  };
}
