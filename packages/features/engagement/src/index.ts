export { engagementSections, pollsSection, POLLS_SECTION_PATH, popupsSection, POPUPS_SECTION_PATH } from './routes.tsx';
export { engagementNamespace } from './namespace.ts';
export {
  engagementApi,
  ENGAGEMENT_TAG_TYPES,
  RESULTS_REFRESH_MS,
  useClosePollMutation,
  useCreatePopupMutation,
  useDeletePopupMutation,
  useGetEventPollsQuery,
  useGetPollableEventsQuery,
  useGetPopupsQuery,
  useOpenPollMutation,
  useUpdatePopupMutation,
} from './engagementApi.ts';
export { PollsPage } from './views/PollsPage/PollsPage.tsx';
export { PopupsPage } from './views/PopupsPage/PopupsPage.tsx';
