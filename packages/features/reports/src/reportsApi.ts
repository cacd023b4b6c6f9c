import type { ReportSettingsBody, ReportSettingsResponse, ReportsAudience, ReportsOverview, ReportsQuery, ReportTable, RevenueShareStatement } from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The tags this feature adds to the store's one api. */
export const REPORTS_TAG_TYPES = ['ReportSettings', 'RevenueShare'] as const;

/**
 * A call of the console API. A 401 there means the operator's session ended, not that the client's
 * api key failed: refused quietly, the key kept (the console's shell then asks the operator to sign in again).
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

function period(query: ReportsQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Where a table's CSV is downloaded (`GET /api/console/reports/export.csv`): a plain link, so the
 * browser saves the server's file with the operator's session cookie.
 */
export function exportHref(table: ReportTable, query: ReportsQuery): string {
  return `/api/console/reports/export.csv?${new URLSearchParams({ table, ...period(query) }).toString()}`;
}

/**
 * The control room's reports (`/api/console/reports…`): the server's own figures, the analytics
 * service's audience, the revenue-share statement and its settings. Saving the settings refreshes
 * the statement.
 */
export const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: REPORTS_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReportsOverview: build.query<ReportsOverview, ReportsQuery>({
      query: (query) => consoleCall('/reports/overview', { params: period(query) }),
    }),
    getReportsAudience: build.query<ReportsAudience, ReportsQuery>({
      query: (query) => consoleCall('/reports/audience', { params: period(query) }),
    }),
    getRevenueShare: build.query<RevenueShareStatement, ReportsQuery>({
      query: (query) => consoleCall('/reports/revenue-share', { params: period(query) }),
      providesTags: ['RevenueShare'],
    }),
    getReportSettings: build.query<ReportSettingsResponse, void>({
      query: () => consoleCall('/reports/settings'),
      providesTags: ['ReportSettings'],
    }),
    updateReportSettings: build.mutation<ReportSettingsResponse, ReportSettingsBody>({
      query: (body) => consoleCall('/reports/settings', { method: 'POST', body: { ...body } }),
      invalidatesTags: ['ReportSettings', 'RevenueShare'],
    }),
  }),
});

export const { useGetReportsOverviewQuery, useGetReportsAudienceQuery, useGetRevenueShareQuery, useGetReportSettingsQuery, useUpdateReportSettingsMutation } = reportsApi;
