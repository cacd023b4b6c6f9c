export { scheduleRoutes, scheduleSection, ScheduleRoleProvider } from './routes.tsx';
export { schedulePaths, SCHEDULE_SECTION_PATH, SCHEDULE_STATUSES } from './paths.ts';
export { scheduleNamespace } from './namespace.ts';
export {
  scheduleApi,
  SCHEDULE_TAG_TYPES,
  useChangeScheduleEventStatusMutation,
  useCreateScheduleEventMutation,
  useGetScheduleEventQuery,
  useGetScheduleEventsQuery,
  useGetScheduleOptionsQuery,
  useImportScheduleMutation,
  useUpdateScheduleEventMutation,
  useGetEventLiveQuery,
  useRotateLiveKeyMutation,
  useEndLiveMutation,
  useTrimRecordingMutation,
} from './scheduleApi.ts';
export type { ScheduleAction, TrimRecordingArgs, UpdateEventArgs } from './scheduleApi.ts';
export { ScheduleRoleContext, useCanWriteEvents } from './useCanWriteEvents.ts';
export { EventsPage } from './views/EventsPage/EventsPage.tsx';
export { NewEventPage, EditEventPage } from './views/EventFormPage/EventFormPage.tsx';
export { ReschedulePage } from './views/ReschedulePage/ReschedulePage.tsx';
export { LivePage, LIVE_POLL_MS } from './views/LivePage/LivePage.tsx';
export { ImportPage, TEMPLATE_URL } from './views/ImportPage/ImportPage.tsx';
export { EventForm, WhenFields } from './components/EventForm/EventForm.tsx';
export type { EventFormProps, WhenFieldsProps } from './components/EventForm/EventForm.tsx';
