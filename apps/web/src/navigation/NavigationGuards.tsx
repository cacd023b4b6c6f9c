import { channelApi, selectUser, useAppSelector } from '@grandstand/store';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { decideNavigation } from './guards.ts';

/** Applies the navigation rules of spec §2 (see decideNavigation) on every navigation and login. */
export function NavigationGuards() {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const remoteAuth = settings?.auth.remote_auth === 1 ? settings.remoteAuth : null;
  const previous = useRef<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => {
    const entered = current.current !== pathname;
    if (entered) {
      previous.current = current.current;
      current.current = pathname;
    }
    const decision = decideNavigation({ user, pathname, previousPath: previous.current, entered, remoteAuth });
    if (decision.kind === 'redirect') void navigate(decision.to, { replace: true });
    else if (decision.kind === 'back') void navigate(-1);
    else if (decision.kind === 'leave-site') window.location.assign(decision.to);
  }, [user, pathname, remoteAuth, navigate]);

  return null;
}
