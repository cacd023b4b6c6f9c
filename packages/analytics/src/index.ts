// The entry holds what every page may run: the tag manager, the data layer, the consent rule and
// the calls' front. The analytics client, the Sentry code and the consent banner load lazily.
export { pushEcommerce } from './ecommerce.ts';
export type { EcommerceEvent, EcommerceItem, EcommerceData, DataLayerTarget } from './ecommerce.ts';
export { loadTagManager, isLocalHost } from './tagManager.ts';
export { consentDecision, globalPrivacyControl, CONSENT_STORAGE_KEY } from './consent.ts';
export type { ConsentChoice, ConsentDecision, ConsentMode } from './consent.ts';
export { createVideoTracker } from './video.ts';
export type { VideoTracker } from './video.ts';
export {
  identify,
  pageAddress,
  PENDING_LIMIT,
  resetAnalytics,
  startAnalytics,
  stopAnalytics,
  trackEvent,
  trackLogin,
  trackPageView,
} from './track.ts';
export type { AnalyticsUser, StartAnalyticsOptions } from './track.ts';
export type { DatalakeClient, DatalakeClientOptions, DatalakeEnvironment } from './datalake/client.ts';
export type { AnalyticsStorage, DatalakeCall, DatalakeEvent, DatalakeItem, StreamInfo, StreamType, VideoEventName } from './datalake/types.ts';
export { createErrorReporter, MAX_REPORTS_PER_PAGE } from './errors/reporter.ts';
export type { ErrorReporter, SendErrorReport } from './errors/reporter.ts';
export type { RequestErrorReport } from '@grandstand/api-client';
export { trackRequestError, MAX_REQUEST_EVENTS_PER_PAGE } from './requestEvents.ts';
