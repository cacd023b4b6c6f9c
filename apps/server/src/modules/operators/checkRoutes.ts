import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ApiErrorBody, CONSOLE_CODES, ConsoleChannelRef, OperatorRole } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleFail } from './auth.ts';
import { channelsOf } from './repository.ts';
import { checkSignIn, refuseSignIn } from './signIn.ts';

/** The roles that read a channel's reports (spec §1 reports): an owner, and the analyst whose only screen they are. */
export const REPORT_ROLES: readonly OperatorRole[] = ['owner', 'analyst'];

export const OperatorCheckBody = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(128),
  code: z.string().max(16).optional(),
  /** The person's own client address, as the asking service saw it: the throttle counts it, not the service's. */
  address: z.string().max(64).refine((value) => isIP(value) !== 0, 'must be an IP address'),
});
export const OperatorCheckResponse = z.object({
  operator: z.object({ email: z.string(), name: z.string(), channels: z.array(ConsoleChannelRef.extend({ role: OperatorRole })) }),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * One operator identity for the control room and the analytics service's reports: the service
 * checks a sign-in here, server to server, with the token both share (`ANALYTICS_ADMIN_TOKEN`),
 * and lets the operator read the reports of the channels where they are owner or analyst. The same
 * sign-in throttle as the console's counts the person's address (given in the body), so guesses
 * through either door add up; a TOTP code is asked for and used up as at the console.
 */
const checkRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.operatorsService;
  app.post(
    '/operator-check',
    { config: { apiKey: false }, schema: { tags: ['console'], body: OperatorCheckBody, response: { 200: OperatorCheckResponse, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody } } },
    async (request, reply) => {
      const expected = service.checkToken;
      if (!expected) return consoleFail(reply, 404, CONSOLE_CODES.notFound, 'The operator check is off: ANALYTICS_ADMIN_TOKEN is not set.');
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(expected))) return consoleFail(reply, 401, CONSOLE_CODES.signedOut, 'The service token is missing or wrong.', 'authorization');
      const { email, password, code, address } = request.body;
      const check = await checkSignIn(app, { email, password, code, address });
      if (!check.ok) return refuseSignIn(reply, check);
      const operator = check.operator;
      const channels = (await channelsOf(app.db, operator.id)).filter((channel) => REPORT_ROLES.includes(channel.role));
      if (channels.length === 0) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'No channel gives this operator the reports.');
      return { operator: { email: operator.email, name: operator.name, channels } };
    },
  );
};

export default checkRoutes;
