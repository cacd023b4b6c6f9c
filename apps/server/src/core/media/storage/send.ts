import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@grandstand/contract';
import { type MediaStorage, parseRange, storedContentType } from './index.ts';

/**
 * Answers a request with one stored file (core/media/storage/): its type, length, validators and
 * the route's cache policy; one range when asked for (206, or 416 past the end), since a video
 * element asks for ranges; 304 to a validator that still matches; 404 when there is no such file.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  cacheControl: string,
  options: { notFound?: ApiErrorBody; headers?: Record<string, string> } = {},
): Promise<FastifyReply> {
  const notFound = options.notFound ?? { message: 'Not found.', field: 'url' };
  const range = parseRange(request.headers.range);
  // If-Range with a validator that no longer matches asks for the whole file.
  const ifRange = request.headers['if-range'];
  const object = await storage.get(key, range ?? undefined);
  if (object === null) return reply.code(404).header('cache-control', 'no-store').send(notFound);
  reply.headers(options.headers ?? {});
  reply.header('content-type', storedContentType(key)).header('cache-control', cacheControl).header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
  if (object.etag !== null) reply.header('etag', object.etag);
  if (object.lastModified !== null) reply.header('last-modified', object.lastModified.toUTCString());
  if (object.etag !== null && request.headers['if-none-match'] === object.etag) {
    object.body?.destroy();
    return reply.code(304).send();
  }
  if (object.range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${object.size}`).send();
  }
  if (object.range !== null && (ifRange === undefined || ifRange === object.etag)) {
    return reply
      .code(206)
      .header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
      .header('content-length', object.range.end - object.range.start + 1)
      .send(object.body);
  }
  if (object.range !== null) {
    // The range no longer applies (If-Range): the whole file, read again.
    object.body?.destroy();
    const whole = await storage.get(key);
    if (whole === null || whole.body === null) return reply.code(404).header('cache-control', 'no-store').send(notFound);
    return reply.header('content-length', whole.size).send(whole.body);
  }
  return reply.header('content-length', object.size).send(object.body);
}
