import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The channel's site origin for a mailed link, from the request (Host header + protocol): the
 * site calls the api on its own origin. The host is used only when it names this channel (spec:
 * one server, many sites); otherwise the channel's `<slug>.localhost` on the same port.
 */
export function siteOriginOf(app: FastifyInstance, request: FastifyRequest, channelId: number): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const channel = app.channels.byId(channelId);
  const byHost = app.channels.byHostname(request.hostname);
  if (byHost && byHost.id === channelId) {
    try {
      return new URL(`${protocol}://${request.host}`).origin;
    } catch {
      // A malformed Host header: fall through to the channel's own name.
    }
  }
  const port = request.port ? `:${request.port}` : '';
  return `${protocol}://${channel ? channel.config.slug : 'localhost'}.localhost${port}`;
}
