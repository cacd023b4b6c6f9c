import { ENGAGEMENT_POLL_MS, type PopupPage, type ViewerPopup } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { baseApi, channelApi, selectIsLoggedIn, showPopup, useAppDispatch, useAppSelector, useClientStorage } from '@grandstand/store';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The site's pages as the channel's popups name them (the control room chooses where each shows). */
export function popupPageOf(pathname: string): PopupPage {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/watch/')) return 'watch';
  if (/^\/(live|upcoming|schedule|vod)(\/|$)/.test(pathname)) return 'schedule';
  if (/^\/(vod_library|search)(\/|$)/.test(pathname)) return 'vod';
  if (pathname.startsWith('/profile')) return 'profile';
  return 'other';
}

/** Where a visitor's dismissal of a popup is kept (until the popup ends: the server has no one to remember it for). */
export const dismissedKey = (id: number) => `popup-dismissed:${id}`;

const popupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /popups?page=…: spec §7 "a popups call exists"; what shows now on that page to this viewer. */
    getPopups: build.query<ViewerPopup[], { page: PopupPage; loggedIn: boolean }>({
      // `loggedIn` keys the entry by viewer (a login or logout asks again); the key carries who it is.
      query: ({ page }) => ({ url: '/popups', params: { page } }),
      transformResponse: (response: { data: ViewerPopup[] }) => response.data,
    }),
    /** POST /popups/{id}/dismiss: a logged-in viewer's dismissal, remembered on the server. */
    dismissPopup: build.mutation<unknown, number>({
      query: (id) => ({ url: `/popups/${id}/dismiss`, method: 'POST', body: {} }),
    }),
  }),
});

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * The channel's announcements (spec §7 popups), asked for at startup and again every few seconds
 * while the page is shown, so one published reaches an open page within 5 s. Each shows through the
 * site's own popups, one at a time, once: closing it (or following its link) dismisses it for good,
 * on the server for a logged-in viewer and in the browser's storage for a visitor.
 */
export function SitePopups() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const storage = useClientStorage();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const page = popupPageOf(useLocation().pathname);
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => false,
  );
  // After the startup's own calls (spec §4: key, then settings, menu, pages…): asked once the settings are in.
  const started = channelApi.useGetSettingsQuery().isSuccess;
  const { data: popups } = popupsApi.useGetPopupsQuery({ page, loggedIn }, { skip: !started, pollingInterval: visible ? ENGAGEMENT_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [dismiss] = popupsApi.useDismissPopupMutation();
  /** The popups shown on this page load: each once, even while its dismissal is still on its way. */
  const shown = useRef(new Set<number>());
  const showing = useRef(false);

  useEffect(() => {
    if (showing.current || !popups) return;
    const next = popups.find((popup) => !shown.current.has(popup.id) && (loggedIn || storage.get<boolean>(dismissedKey(popup.id)) !== true));
    if (!next) return;
    shown.current.add(next.id);
    showing.current = true;
    const closed = (followLink: boolean) => {
      showing.current = false;
      if (loggedIn) void dismiss(next.id);
      else storage.set(dismissedKey(next.id), true, Math.max(60_000, new Date(next.ends_at).getTime() - Date.now()));
      if (followLink && next.link) {
        if (next.link.startsWith('/')) void navigate(next.link);
        else window.location.assign(next.link);
      }
    };
    dispatch(showPopup({ title: next.title, message: next.text, okLabel: next.link ? t('announcement.open') : t('ok'), cancelLabel: t('announcement.close') })).then(
      () => closed(true),
      () => closed(false),
    );
  }, [popups, loggedIn, storage, dismiss, dispatch, navigate, t]);

  return null;
}
