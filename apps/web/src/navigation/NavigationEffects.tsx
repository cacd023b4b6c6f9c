import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { rememberVisit, useAppDispatch } from '@grandstand/store';
import { isRemembered } from './paths.ts';

/**
 * spec §2: every navigation scrolls to the top, and the last visited page (path, query, params) and
 * the referring page are remembered, except for auth and error pages.
 */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  const params = useParams();
  const dispatch = useAppDispatch();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  useEffect(() => {
    if (!isRemembered(pathname)) return;
    const defined = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
    dispatch(rememberVisit({ path: pathname, search, params: defined }));
    // params is a new object each render; pathname and search identify the visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, pathname, search]);

  return null;
}
