import { ApiErrorBody, CustomFormAlias, CustomFormSubmission, CustomFormSubmissionResponse } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateSubmission } from './validateSubmission.ts';

/**
 * POST /custom-forms/:alias: a viewer sends the channel's custom form (spec §3: custom form data
 * per alias). The values are checked against the stored form's fields, then kept for the channel.
 */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const submissions = app.formSubmissionsRepository;

  app.post(
    '/custom-forms/:alias',
    {
      schema: {
        params: z.object({ alias: CustomFormAlias }),
        body: CustomFormSubmission,
        response: { 200: CustomFormSubmissionResponse, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      // Scoped by the key's channel: another channel's form is as unknown as a missing one.
      const form = await app.catalogRepository.customForm(request.channelId, request.params.alias);
      if (!form) return reply.code(404).send({ message: 'Form not found.', field: 'alias' });
      const checked = validateSubmission(form.fields, request.body.values);
      if ('problem' in checked) {
        const { field, message } = checked.problem;
        return reply.code(400).send({ message, field, errors: { [field]: [message] } });
      }
      const id = await submissions.insert(request.channelId, form.alias, checked.values);
      // spec §8: the client rejects any success status but 200, so no 201 here.
      return { data: { id } };
    },
  );
};

export default formsRoutes;
