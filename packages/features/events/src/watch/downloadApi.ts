import type { ClipOptions, DownloadLink } from '@grandstand/contract';
import { baseApi, staleOnViewerChange } from '@grandstand/store';

const DOWNLOAD_TAGS = ['RecordingDownloads'] as const;
staleOnViewerChange('session', DOWNLOAD_TAGS);

/**
 * A finished event's recording to keep (spec §6 `download`): what the viewer may do and how many
 * downloads they have left (GET /clips/options, which adds the channel's grant to the account's
 * capabilities: only the server knows it), and the signed address of the recording (GET
 * /download-event/{id}, which counts one download: the count is asked for again after it).
 */
export const downloadApi = baseApi.enhanceEndpoints({ addTagTypes: DOWNLOAD_TAGS }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getRecordingDownloadOptions: build.query<ClipOptions, number>({
      query: (eventId) => ({ url: '/clips/options', params: { event_id: eventId } }),
      transformResponse: (response: { data: ClipOptions }) => response.data,
      providesTags: ['RecordingDownloads', 'Profile'],
    }),
    getRecordingDownload: build.mutation<DownloadLink, number>({
      query: (eventId) => ({ url: `/download-event/${eventId}` }),
      transformResponse: (response: { data: DownloadLink }) => response.data,
      invalidatesTags: ['RecordingDownloads', 'Profile'],
    }),
  }),
});

export const { useGetRecordingDownloadOptionsQuery, useGetRecordingDownloadMutation } = downloadApi;
