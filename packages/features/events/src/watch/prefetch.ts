import { useTranslation } from '@grandstand/i18n';
import { useAppDispatch } from '@grandstand/store';
import { useCallback } from 'react';

/** A link to a watch page; anything else is left alone without loading a byte. */
const WATCH_LINK = /^\/watch\/[0-9]+$/;

/**
 * For a link to a watch page, starts what that page needs before the click lands, so the first
 * frame comes sooner: the page's code, the player's (shaka, fetched and evaluated), the event with
 * its stream address, the categories the preroll is picked by, and the page's texts. Returns a
 * function of a link's address that does nothing for other addresses; safe to call often (each
 * part is fetched once, the event only when the store has no fresh copy).
 *
 * @example
 * const prefetch = useWatchPrefetch();
 * <a href={href} onPointerEnter={() => prefetch(href)} onFocus={() => prefetch(href)} />
 */
export function useWatchPrefetch(): (href: string) => void {
  const dispatch = useAppDispatch();
  // The instance only: a link need not re-render when a language or a namespace arrives.
  const { i18n } = useTranslation(undefined, { bindI18n: false, bindI18nStore: false });
  return useCallback(
    (href: string) => {
      if (!WATCH_LINK.test(href)) return;
      void import('./prefetchWatch.ts').then(({ prefetchWatch }) => prefetchWatch(href, dispatch, i18n)).catch(() => undefined);
    },
    [dispatch, i18n],
  );
}
