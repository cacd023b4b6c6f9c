import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { listOutbox, readOutboxMessage } from './mailer.ts';
import { outboxListPage, outboxMessagePage } from './outboxPage.ts';
import { cspNonce } from '../../core/security.ts';

/**
 * The demo outbox pages (/outbox, /outbox/:id), outside /api: served only when mail goes to the
 * local outbox and `MAIL_OUTBOX=on` (`app.accountsMail.outboxPagesDir`); otherwise none exists.
 */
const outboxRoutes: FastifyPluginAsync = async (app) => {
  const outboxDir = app.accountsMail.outboxPagesDir;
  if (outboxDir !== null) {
    // A demo aid: the person running the demo opens the links mailed on this host's channel.
    // Anyone can, reset links included: only when asked for, never in production.
    // The server's security policy (core/security.ts); the page's one <style> takes its nonce.
    const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    const withNonce = (reply: FastifyReply, page: string) => page.replace('<style>', `<style nonce="${cspNonce(reply)}">`);
    app.get('/outbox', async (request, reply) => {
      const channel = request.hostChannel;
      if (!channel) return reply.code(404).send({ message: 'Not found.', field: 'url' });
      return reply.headers(html).send(withNonce(reply, outboxListPage(channel.config.name, await listOutbox(outboxDir, channel.config.slug))));
    });
    // The message's HTML is shown as written, style attributes included (policy `mail-preview`).
    app.get<{ Params: { id: string } }>('/outbox/:id', { config: { csp: 'mail-preview' } }, async (request, reply) => {
      const channel = request.hostChannel;
      const message = channel ? await readOutboxMessage(outboxDir, channel.config.slug, request.params.id) : null;
      if (!message) return reply.code(404).send({ message: 'Not found.', field: 'id' });
      return reply.headers(html).send(withNonce(reply, outboxMessagePage(message)));
    });
  }
};

export default outboxRoutes;
