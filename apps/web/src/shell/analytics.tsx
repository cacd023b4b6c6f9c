import {
  CONSENT_STORAGE_KEY,
  consentDecision,
  createErrorReporter,
  globalPrivacyControl,
  identify,
  loadTagManager,
  startAnalytics,
  stopAnalytics,
  trackPageView,
  trackRequestError,
  type ConsentChoice,
} from '@grandstand/analytics';
import type { ApiClient } from '@grandstand/api-client';
import type { ChannelSettings } from '@grandstand/contract';
import { selectUser, useAppSelector } from '@grandstand/store';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The banner's code loads only for a viewer who is asked something (most have answered). */
const ConsentPrompt = lazy(() => import('./ConsentPrompt.tsx'));

const noSubscription = () => () => undefined;

export interface SiteAnalyticsProps {
  client: ApiClient;
  settings: ChannelSettings | undefined;
  /** @internal The browser's Global Privacy Control, read from `navigator` unless a test says. */
  gpc?: boolean;
}

/**
 * The site's analytics, started once the channel's settings are in (spec §1, §7): consent first
 * (the channel's `analytics_consent`, the viewer's stored answer, Global Privacy Control), then the
 * tag manager and the analytics service's client, page views on every navigation, the viewer who
 * is logged in, and request error reports to the channel's `error_dsn`. Renders the privacy banner
 * when the viewer is asked, nothing otherwise.
 */
export function SiteAnalytics({ client, settings, gpc }: SiteAnalyticsProps) {
  const user = useAppSelector(selectUser);
  // The viewer's answer on this page; a stored one is read below.
  const [answered, setAnswered] = useState<ConsentChoice | null>(null);
  // False while a server-rendered page hydrates (the server knows no viewer's answer), so the banner
  // and the decision come only in the browser's own render.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const decision = useMemo(() => {
    if (!inBrowser || !settings) return null;
    const stored = answered ?? client.storage.get<ConsentChoice>(CONSENT_STORAGE_KEY);
    return consentDecision(settings.analytics_consent, stored, gpc ?? globalPrivacyControl());
  }, [inBrowser, settings, answered, client, gpc]);

  useEffect(() => {
    if (!settings || !decision) return;
    if (decision.track) {
      loadTagManager(settings['google-analytics']);
      startAnalytics({ url: settings.analytics_url, profile: settings.analytics_key, storage: client.storage });
    } else if (decision.ask === 'none') {
      // Declined, or Global Privacy Control: what was held is dropped and nothing more is kept.
      stopAnalytics();
    }
    // An unanswered opt-in: the calls wait (a bounded few) for the answer.
  }, [client, settings, decision]);

  useEffect(() => {
    identify(user ? { id: user.id, email: user.email } : null);
  }, [user]);

  // spec §7: request error reports (to the error service, and as api_request events).
  useEffect(() => {
    if (!settings) return;
    const report = createErrorReporter(settings.error_dsn);
    return client.onRequestError((failure) => {
      report?.(failure);
      trackRequestError(failure);
    });
  }, [client, settings]);

  if (!decision || decision.ask === 'none') return null;
  const answer = (choice: ConsentChoice) => {
    client.storage.set(CONSENT_STORAGE_KEY, choice);
    setAnswered(choice);
  };
  return (
    <Suspense fallback={null}>
      <ConsentPrompt kind={decision.ask} onAnswer={answer} />
    </Suspense>
  );
}

/**
 * spec §7: a page view on every navigation (a change of path or query, not a re-render). Rendered
 * inside the site's router, whose location it follows; the views wait in the client's queue until
 * analytics starts (or are dropped if the viewer declines).
 */
export function PageViews() {
  const { pathname, search } = useLocation();
  // Where the last page view was: kept across an effect's re-run (StrictMode), so one visit counts once.
  const lastVisit = useRef('');
  useEffect(() => {
    const at = pathname + search;
    if (at === lastVisit.current) return;
    lastVisit.current = at;
    trackPageView();
  }, [pathname, search]);
  return null;
}
