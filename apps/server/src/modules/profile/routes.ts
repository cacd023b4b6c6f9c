import { ApiErrorBody, AUTH_MESSAGES, AUTH_REFUSAL_CODES, DeleteAccountBody, MessageResponse, PASSWORD_MAX_LENGTH, ProfileResponse, ProfileUpdateBody, UserAccessResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endUserSessions, hashPassword, passwordProblem, verifyPassword } from '../accounts/index.ts';
import { loadEntitlements } from '../commerce/entitlements.ts';
import { bodyOf, CHECKED_IN_HANDLER, currentUser, fail, nameProblem, profileOf, text, unauthenticated } from '../accounts/helpers.ts';
import { deleteViewerAccount } from './deletion.ts';

/**
 * spec §7 Auth: the logged-in user's profile (GET; POST with _method patch), account deletion and
 * access grants. A visitor's key answers 401, which the client tolerates on GET /profile (spec §8).
 * The api key is checked first.
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.usersRepository;

  app.get('/profile', { schema: { response: { 200: ProfileResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const user = await currentUser(app, request);
    if (!user) return unauthenticated(reply);
    return { data: await profileOf(app, request.channelId, user) };
  });

  app.post('/profile', { ...CHECKED_IN_HANDLER, schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse, 401: ApiErrorBody, 422: ApiErrorBody } } }, async (request, reply) => {
    const body = bodyOf(request);
    if (body._method !== 'patch') return fail(reply, 422, '_method', 'The _method field must be "patch".');
    const user = await currentUser(app, request);
    if (!user) return unauthenticated(reply);
    const problem = nameProblem(body, 'first_name', false) ?? nameProblem(body, 'last_name', false);
    if (problem) return fail(reply, 422, problem.field, problem.message);
    const changingPassword = body.password !== undefined && body.password !== null && body.password !== '';
    if (changingPassword) {
      if (typeof body.current_password !== 'string' || body.current_password.length === 0) return fail(reply, 422, 'current_password', 'Field is required');
      if (!user.password_hash || body.current_password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(user.password_hash, body.current_password))) {
        // spec §8 "Incorrect password", with its code for the site's translation.
        return fail(reply, 422, 'current_password', AUTH_MESSAGES.incorrectPassword, AUTH_REFUSAL_CODES.incorrectPassword);
      }
      const passwordIssue = passwordProblem(body.password, body.password_confirmation);
      if (passwordIssue) return fail(reply, 422, passwordIssue.field, passwordIssue.message);
    }
    const names: { firstName?: string; lastName?: string } = {};
    if (body.first_name !== undefined) names.firstName = text(body.first_name);
    if (body.last_name !== undefined) names.lastName = text(body.last_name);
    await users.setNames(request.channelId, user.id, names);
    // A new password ends the temporary-password state (spec §2: the user may leave /profile/edit).
    if (changingPassword) {
      await users.setPassword(request.channelId, user.id, await hashPassword(body.password as string), { temporary: false });
      // Whoever else holds a session of this account (a stolen key, a forgotten device) is out;
      // the session that changed the password stays logged in.
      await endUserSessions(app, request.channelId, user.id, { exceptKeyId: request.apiKeyId });
    }
    const updated = await users.findById(request.channelId, user.id);
    return { data: await profileOf(app, request.channelId, updated ?? user) };
  });

  app.post('/delete-account-confirm', { ...CHECKED_IN_HANDLER, schema: { body: DeleteAccountBody, response: { 200: MessageResponse, 401: ApiErrorBody, 422: ApiErrorBody } } }, async (request, reply) => {
    const body = bodyOf(request);
    const user = await currentUser(app, request);
    if (!user) return unauthenticated(reply);
    if (typeof body.password !== 'string' || body.password.length === 0) return fail(reply, 422, 'password', 'Field is required');
    if (!user.password_hash || body.password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(user.password_hash, body.password))) {
      return fail(reply, 422, 'password', AUTH_MESSAGES.incorrectPassword, AUTH_REFUSAL_CODES.incorrectPassword);
    }
    // The analytics service forgets the viewer too: tried now in the background, and by the job
    // until the service confirms (the deleted row is the record that it is still to do).
    await deleteViewerAccount(app, request.channelId, user.id);
    return { data: { message: 'Your account has been deleted.' } };
  });

  // spec §7 GET /user/access: for integrators (another app on this API). The site does
  // not call it: every answer it shows already carries what this would tell (events their
  // `has_access` and `access`, offers their `purchased`, videos their `locked`), computed from the
  // same entitlements, so a second call could only disagree with the page it sits beside.
  app.get('/user/access', { schema: { response: { 200: UserAccessResponse, 401: ApiErrorBody } } }, async (request, reply) => {
    const user = await currentUser(app, request);
    if (!user) return unauthenticated(reply);
    // The same entitlements the event routes apply, so what this says is what the viewer can watch.
    const access = await loadEntitlements(app.db, request.channelId, user.id);
    const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
    return {
      data: {
        event_ids: sorted(access.eventIds),
        package_ids: sorted(access.packageIds),
        subscription_ids: sorted(access.subscriptionIds),
        event_category_ids: sorted(access.categoryIds),
        team_passes: access.teamPasses.map((pass) => ({ participant_id: pass.participantId, event_category_ids: sorted(pass.categoryIds) })),
        all_paid_events: access.subscription,
      },
    };
  });
};

export default profileRoutes;
