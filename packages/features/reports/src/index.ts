export { reportsSection } from './routes.tsx';
export { reportsPaths, REPORTS_SECTION_PATH } from './paths.ts';
export { reportsNamespace } from './namespace.ts';
export {
  exportHref,
  reportsApi,
  REPORTS_TAG_TYPES,
  useGetReportSettingsQuery,
  useGetReportsAudienceQuery,
  useGetReportsOverviewQuery,
  useGetRevenueShareQuery,
  useUpdateReportSettingsMutation,
} from './reportsApi.ts';
export { ReportsPage, LIVE_REFRESH_MS } from './views/ReportsPage/ReportsPage.tsx';
export { StatementPage } from './views/StatementPage/StatementPage.tsx';
export { Chart } from './charts/Chart.tsx';
export type { ChartProps, ChartRow } from './charts/Chart.tsx';
export { ReportsOperatorProvider, ReportsRoleContext, useMayEditReportSettings } from './operator.tsx';
