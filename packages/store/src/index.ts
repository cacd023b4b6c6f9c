export { baseApi, hydrateApi, STORE_CACHE_SECONDS, TAG_TYPES } from './baseApi.ts';
export type { TagType } from './baseApi.ts';
export { clientBaseQuery, errorField, isApiError, serializeApiError } from './clientBaseQuery.ts';
export type { PopupResolver, SerializedApiError, StoreExtra } from './clientBaseQuery.ts';
export { makeStore, storedUser } from './makeStore.ts';
export { sharedApi, useGetEventQuery, useGetOrdersQuery, useMarkPrerollSeenMutation } from './sharedApi.ts';
export { MIN_STREAM_RENEWAL_MS, streamRenewalInterval, useStreamRenewal } from './streamRenewal.ts';
export type { OrdersArgs } from './sharedApi.ts';
export type { AppDispatch, AppStore, MakeStoreOptions, RootState } from './makeStore.ts';
export { useAppDispatch, useAppSelector, useClientStorage } from './hooks.ts';
export {
  clearUser,
  initialSessionState,
  rememberVisit,
  selectFailingKeyUrls,
  selectGlobalError,
  selectIsLoggedIn,
  selectLastVisited,
  selectReferrer,
  selectShowReloadScreen,
  selectUser,
  sessionSlice,
  setFailingKeyUrls,
  setGlobalError,
  setUser,
} from './sessionSlice.ts';
export type { GlobalError, SessionState, Visit } from './sessionSlice.ts';
export { endSession, startSession } from './sessionThunks.ts';
export { staleOnViewerChange, tagsStaleOn } from './viewerTags.ts';
export type { ViewerChange } from './viewerTags.ts';
export type { SessionStart } from './sessionThunks.ts';
export { addToast, DEFAULT_TOAST_DURATION_MS, DEFAULT_TOAST_TYPE, removeToast, selectToasts, toastsSlice } from './toastsSlice.ts';
export type { Toast, ToastInput } from './toastsSlice.ts';
export { closePopup, confirmPopup, PopupCanceledError, popupsSlice, selectPopups, showPopup } from './popups.ts';
export type { Popup, PopupOptions, PopupResult } from './popups.ts';
export {
  channelApi,
  useGetColorSettingsQuery,
  useGetCustomFormQuery,
  useGetEventCategoriesQuery,
  useGetEventLocationsQuery,
  useGetFaqQuery,
  useGetGeoQuery,
  useGetMenuQuery,
  useGetPageQuery,
  useGetPagesQuery,
  useGetParticipantGroupPropertiesQuery,
  useGetParticipantGroupsQuery,
  useGetParticipantsQuery,
  useGetProfileQuery,
  useGetSettingsQuery,
  useGetSlidesQuery,
} from './channelApi.ts';
