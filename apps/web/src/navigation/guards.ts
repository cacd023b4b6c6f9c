import { isGuestOnlyPath } from '@grandstand/auth';
import type { User } from '@grandstand/contract';

const PROFILE_EDIT = '/profile/edit';
const LINK_DEVICE = '/profile/sessions/add';

export type GuardDecision =
  | { kind: 'stay' }
  | { kind: 'redirect'; to: string }
  | { kind: 'back' }
  | { kind: 'leave-site'; to: string };

export interface GuardInput {
  user: User | null;
  pathname: string;
  /** The path the viewer came from within the site, if any. */
  previousPath: string | null;
  /** Whether this navigation entered the path (the guard does not fight a view that logs in in place). */
  entered: boolean;
  remoteAuth: string | null;
}

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The navigation rules of spec §2, as one pure decision:
 * - a logged-in user with the temporary_password flag is forced to the profile edit page;
 * - a logged-in user opening login, registration or the reset pages is sent home;
 * - going from login or registration to buy while logged out steps back;
 * - the link-device route goes to the channel's remoteAuth address when it has one;
 * - the profile pages and an event's clips (`/watch_library/{id}`, the viewer's own) need a user:
 *   a visitor is sent to log in.
 */
export function decideNavigation({ user, pathname, previousPath, entered, remoteAuth }: GuardInput): GuardDecision {
  const path = normalise(pathname);
  if (user?.temporary_password && path !== PROFILE_EDIT) return { kind: 'redirect', to: PROFILE_EDIT };
  if (entered && user && isGuestOnlyPath(path)) return { kind: 'redirect', to: '/' };
  if (!user && path === '/buy' && previousPath !== null && ['/login', '/registration'].includes(normalise(previousPath))) return { kind: 'back' };
  if (path === LINK_DEVICE && remoteAuth) return { kind: 'leave-site', to: remoteAuth };
  if (!user && (path === '/profile' || path.startsWith('/profile/') || path.startsWith('/watch_library/'))) return { kind: 'redirect', to: `/login?${new URLSearchParams({ next: path })}` };
  return { kind: 'stay' };
}
