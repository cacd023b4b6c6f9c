import type {
  AddChannelDomainBody,
  ChannelDomain,
  ChannelDomainsResponse,
  ChannelFaq,
  ChannelLook,
  ConsoleChannelSettingsResponse,
  CreatePlatformChannelBody,
  PlatformChannel,
  PlatformChannelResponse,
  PlatformChannelsResponse,
  UpdateChannelLookBody,
  UpdateConsoleChannelSettingsBody,
  UpdatePlatformChannelBody,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';
import type { SerializedApiError } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const CHANNELS_TAG_TYPES = ['PlatformChannel', 'ChannelLook', 'ChannelDomain', 'ChannelFaq', 'ChannelSettings'] as const;

const LIST = { type: 'PlatformChannel', id: 'LIST' } as const;

export interface UpdatePlatformChannelArgs {
  id: number;
  body: UpdatePlatformChannelBody;
}

/** Where the console's page sends the logo: the raw picture, its type in Content-Type (no JSON envelope). */
export const LOGO_URL = '/api/console/channel/logo';

/**
 * A call of the console API. A 401 there means the operator's session ended, not that the client's
 * api key failed: refused quietly, the key kept (the console's shell then asks the operator to sign in again).
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/**
 * The control room's channel calls: the platform owner's list, create, rename, suspend and restore
 * (`/api/console/platform/channels`); the host channel's look and custom domains for its owner
 * (`/api/console/channel/…`). A write refreshes what it changed.
 */
export const channelsApi = baseApi.enhanceEndpoints({ addTagTypes: CHANNELS_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPlatformChannels: build.query<PlatformChannel[], void>({
      query: () => consoleCall('/platform/channels'),
      transformResponse: (response: PlatformChannelsResponse) => response.channels,
      providesTags: (result) => [LIST, ...(result ?? []).map((channel) => ({ type: 'PlatformChannel' as const, id: channel.id }))],
    }),
    createPlatformChannel: build.mutation<PlatformChannel, CreatePlatformChannelBody>({
      query: (body) => consoleCall('/platform/channels', { method: 'POST', body: { ...body } }),
      transformResponse: (response: PlatformChannelResponse) => response.channel,
      invalidatesTags: [LIST],
    }),
    updatePlatformChannel: build.mutation<PlatformChannel, UpdatePlatformChannelArgs>({
      query: ({ id, body }) => consoleCall(`/platform/channels/${id}`, { method: 'PATCH', body: { ...body } }),
      transformResponse: (response: PlatformChannelResponse) => response.channel,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'PlatformChannel', id }],
    }),
    getChannelLook: build.query<ChannelLook, void>({
      query: () => consoleCall('/channel/look'),
      providesTags: ['ChannelLook'],
    }),
    updateChannelLook: build.mutation<ChannelLook, UpdateChannelLookBody>({
      query: (body) => consoleCall('/channel/look', { method: 'PUT', body: { ...body } }),
      invalidatesTags: ['ChannelLook'],
    }),
    uploadChannelLogo: build.mutation<unknown, File>({
      // The picture itself is the body, its type in Content-Type: the console API's one raw upload,
      // which the JSON client does not send. The session cookie signs it, as every console call.
      queryFn: async (file) => {
        try {
          const response = await fetch(LOGO_URL, { method: 'PUT', body: file, headers: { 'content-type': file.type }, credentials: 'same-origin' });
          const body = (await response.json().catch(() => ({}))) as { message?: unknown; field?: unknown; code?: unknown };
          if (response.ok) return { data: body };
          const error: SerializedApiError = { status: response.status, kind: 'http', message: typeof body.message === 'string' ? body.message : response.statusText };
          if (typeof body.field === 'string') error.field = body.field;
          if (typeof body.code === 'string') error.code = body.code;
          return { error };
        } catch (failure) {
          return { error: { status: null, kind: 'network', message: failure instanceof Error ? failure.message : String(failure) } satisfies SerializedApiError };
        }
      },
      invalidatesTags: ['ChannelLook'],
    }),
    getChannelDomains: build.query<ChannelDomain[], void>({
      query: () => consoleCall('/channel/domains'),
      transformResponse: (response: ChannelDomainsResponse) => response.domains,
      providesTags: ['ChannelDomain'],
    }),
    addChannelDomain: build.mutation<unknown, AddChannelDomainBody>({
      query: (body) => consoleCall('/channel/domains', { method: 'POST', body: { ...body } }),
      invalidatesTags: ['ChannelDomain'],
    }),
    removeChannelDomain: build.mutation<unknown, string>({
      query: (hostname) => consoleCall(`/channel/domains/${encodeURIComponent(hostname)}`, { method: 'DELETE' }),
      invalidatesTags: ['ChannelDomain'],
    }),
    getChannelFaq: build.query<ChannelFaq, void>({
      query: () => consoleCall('/channel/faq'),
      providesTags: ['ChannelFaq'],
    }),
    updateChannelFaq: build.mutation<unknown, ChannelFaq>({
      query: (body) => consoleCall('/channel/faq', { method: 'PUT', body: { ...body } }),
      invalidatesTags: ['ChannelFaq'],
    }),
    getChannelSettings: build.query<ConsoleChannelSettingsResponse, void>({
      query: () => consoleCall('/channel/settings'),
      providesTags: ['ChannelSettings'],
    }),
    updateChannelSettings: build.mutation<ConsoleChannelSettingsResponse, UpdateConsoleChannelSettingsBody>({
      query: (body) => consoleCall('/channel/settings', { method: 'PUT', body: { ...body } }),
      invalidatesTags: ['ChannelSettings'],
    }),
  }),
});

export const {
  useGetPlatformChannelsQuery,
  useCreatePlatformChannelMutation,
  useUpdatePlatformChannelMutation,
  useGetChannelLookQuery,
  useUpdateChannelLookMutation,
  useUploadChannelLogoMutation,
  useGetChannelDomainsQuery,
  useAddChannelDomainMutation,
  useRemoveChannelDomainMutation,
  useGetChannelFaqQuery,
  useUpdateChannelFaqMutation,
  useGetChannelSettingsQuery,
  useUpdateChannelSettingsMutation,
} = channelsApi;
