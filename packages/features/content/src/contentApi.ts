import type { CustomFormSubmission, CustomFormSubmissionResponse } from '@grandstand/contract';
import { baseApi } from '@grandstand/store';

export interface SubmitCustomFormArgs extends CustomFormSubmission {
  alias: string;
}
export type SubmitCustomFormResult = CustomFormSubmissionResponse['data'];

/**
 * The content calls that are not already channel-wide: sending a custom form. The FAQ, the forms
 * themselves and the pages are read through `channelApi` from '@grandstand/store'.
 */
export const contentApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    submitCustomForm: build.mutation<SubmitCustomFormResult, SubmitCustomFormArgs>({
      // spec §7: a POST carries the api_key in its JSON body; the client adds it beside `values`.
      query: ({ alias, values }) => ({ url: `/custom-forms/${encodeURIComponent(alias)}`, method: 'POST', body: { values } }),
      transformResponse: (response: CustomFormSubmissionResponse) => response.data,
    }),
  }),
});

export const { useSubmitCustomFormMutation } = contentApi;
