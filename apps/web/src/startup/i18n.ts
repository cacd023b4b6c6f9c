import { authNamespace } from '@grandstand/auth';
import { clipsLibraryNamespace, clipsWatchNamespace } from '@grandstand/clips';
import { commerceNamespace } from '@grandstand/commerce';
import { contentNamespace } from '@grandstand/content';
import { eventsNamespace, watchNamespace } from '@grandstand/events';
import { favouritesNamespace, favouritesProfileNamespace } from '@grandstand/favourites';
import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { profileNamespace } from '@grandstand/profile';
import { vodLibraryNamespace, vodNamespace } from '@grandstand/vod';
import type { ServerState } from './serverState.ts';

/**
 * The site's texts in one language, the same in the browser and in a server render: the shell's
 * namespaces and the home's (events, the follow control, the header's search box) up front; the
 * others load when a view first asks for them, so a viewer pays only for the texts of the pages they
 * open. `texts` are those a server render sent with its page (`ServerState`): they load no chunk.
 */
export async function startI18n(language: string, texts?: ServerState['texts']) {
  const i18n = await createI18n({ language, namespaces: ['common', 'shell', 'errors'], resources: texts });
  await registerFeatureResources(i18n, eventsNamespace);
  // The follow control's few texts show on the home's cards, as the events' do.
  await registerFeatureResources(i18n, favouritesNamespace);
  // The header's search box is on every page.
  await registerFeatureResources(i18n, vodNamespace);
  for (const namespace of [watchNamespace, contentNamespace, authNamespace, commerceNamespace, profileNamespace, clipsLibraryNamespace, clipsWatchNamespace, favouritesProfileNamespace, vodLibraryNamespace]) void registerFeatureResources(i18n, namespace, { preload: false });
  return i18n;
}
