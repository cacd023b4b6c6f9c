import { authApi } from '@grandstand/auth';
import type { AppDispatch } from '@grandstand/store';

/**
 * Logs the viewer out through the auth feature's call, which ends the session whatever the server
 * answers (spec §4). A module of its own, loaded on the press: the auth feature's calls are then no
 * part of the site's start, which a visitor, who has no logout, loads on every page.
 */
export async function logout(dispatch: AppDispatch): Promise<void> {
  const request = dispatch(authApi.endpoints.logout.initiate());
  try {
    await request;
  } finally {
    request.reset();
  }
}
