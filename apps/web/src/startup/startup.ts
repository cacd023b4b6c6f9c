import type { ApiClient } from '@grandstand/api-client';
import type { ChannelSettings, ColorSettings, Page } from '@grandstand/contract';
import { channelApi, clearUser } from '@grandstand/store';
import type { AppStore } from '@grandstand/store';

export type StartupResult =
  | { status: 'ready'; pages: Page[]; goHome: boolean }
  | { status: 'key-failed' }
  | { status: 'failed' };

/**
 * The startup sequence of spec §4, step by step:
 * 1. the channel key; 2. the api key; 3. in parallel menu, pages, colour settings, channel settings
 * and the profile (on an auth page a known user goes home; without one, geo data); 4. participant
 * groups, all participants and event categories; 5. the caller adds the channel routes.
 * On any failure the user info is cleared.
 */
export async function runStartup(client: ApiClient, store: AppStore, options: { onAuthPage: boolean }): Promise<StartupResult> {
  const { dispatch } = store;
  try {
    await client.getChannelKey();
    await client.getApiKey();
  } catch {
    dispatch(clearUser());
    return { status: 'key-failed' };
  }

  const [menu, pages, colors, settings, profile] = await Promise.all([
    dispatch(channelApi.endpoints.getMenu.initiate()),
    dispatch(channelApi.endpoints.getPages.initiate()),
    dispatch(channelApi.endpoints.getColorSettings.initiate()),
    dispatch(channelApi.endpoints.getSettings.initiate()),
    dispatch(channelApi.endpoints.getProfile.initiate()),
  ]);
  let failed = [menu, pages, colors, settings].some((result) => result.isError);
  const goHome = profile.isSuccess && options.onAuthPage;
  if (profile.isError) {
    dispatch(clearUser());
    const geo = await dispatch(channelApi.endpoints.getGeo.initiate());
    failed ||= geo.isError;
  }

  const rest = await Promise.all([
    dispatch(channelApi.endpoints.getParticipantGroups.initiate()),
    dispatch(channelApi.endpoints.getParticipants.initiate()),
    dispatch(channelApi.endpoints.getEventCategories.initiate()),
  ]);
  failed ||= rest.some((result) => result.isError);
  if (failed) dispatch(clearUser());

  // Settings and menu are the calls whose failure stops the site (spec §8 crash codes); the others
  // degrade: no custom pages, fallback colours, empty lists, each view says so.
  if (settings.isError || menu.isError) return { status: 'failed' };
  return { status: 'ready', pages: pages.data ?? [], goHome };
}

export type PublicStartupResult = { status: 'ready'; pages: Page[]; settings: ChannelSettings; colors: ColorSettings | undefined } | { status: 'failed' };

/**
 * The part of the startup that is the same for every visitor (steps 1-4 without the profile and
 * geo data), for a server render: it ends where the viewer's own part begins, in the browser.
 */
export async function runPublicStartup(client: ApiClient, store: AppStore): Promise<PublicStartupResult> {
  const { dispatch } = store;
  try {
    await client.getChannelKey();
    await client.getApiKey();
  } catch {
    return { status: 'failed' };
  }
  const [menu, pages, colors, settings] = await Promise.all([
    dispatch(channelApi.endpoints.getMenu.initiate()),
    dispatch(channelApi.endpoints.getPages.initiate()),
    dispatch(channelApi.endpoints.getColorSettings.initiate()),
    dispatch(channelApi.endpoints.getSettings.initiate()),
  ]);
  await Promise.all([
    dispatch(channelApi.endpoints.getParticipantGroups.initiate()),
    dispatch(channelApi.endpoints.getParticipants.initiate()),
    dispatch(channelApi.endpoints.getEventCategories.initiate()),
  ]);
  if (!settings.data || menu.isError) return { status: 'failed' };
  return { status: 'ready', pages: pages.data ?? [], settings: settings.data, colors: colors.data };
}
