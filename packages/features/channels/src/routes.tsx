import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { channelsNamespace } from './namespace.ts';
import { ChannelsOperatorProvider } from './operator.tsx';
import { CHANNELS_SECTION_PATH, DOMAINS_SECTION_PATH, FAQ_SECTION_PATH, LOOK_SECTION_PATH, SETTINGS_SECTION_PATH } from './paths.ts';

const ChannelsPage = lazyView(async () => (await import('./views/ChannelsPage/ChannelsPage.tsx')).ChannelsPage);
const LookPage = lazyView(async () => (await import('./views/LookPage/LookPage.tsx')).LookPage);
const FaqPage = lazyView(async () => (await import('./views/FaqPage/FaqPage.tsx')).FaqPage);
const DomainsPage = lazyView(async () => (await import('./views/DomainsPage/DomainsPage.tsx')).DomainsPage);
const SettingsPage = lazyView(async () => (await import('./views/SettingsPage/SettingsPage.tsx')).SettingsPage);

function navLabel(key: 'channels' | 'look' | 'domains' | 'faq' | 'settings') {
  return function ChannelsNavLabel() {
    const { t } = useTranslation('channels');
    return <>{t(`nav.${key}`)}</>;
  };
}

/**
 * The platform owner's channels (`/console/channels`): every channel, created, suspended and
 * restored there. Whatever their role on the host's channel, only the platform owner sees it (the
 * server refuses everyone else's calls anyway). Its shape is the console's `ConsoleSection`.
 */
export const platformChannelsSection = {
  path: CHANNELS_SECTION_PATH,
  roles: ['owner', 'producer', 'support', 'analyst'] as const satisfies readonly OperatorRole[],
  platformOwner: true,
  Label: navLabel('channels'),
  element: <ChannelsPage />,
  Wrapper: ChannelsOperatorProvider,
  namespace: channelsNamespace,
};

/** A channel's look (`/console/look`), for its owners: name, description, colours, logo, with a live preview. */
export const channelLookSection = {
  path: LOOK_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('look'),
  element: <LookPage />,
  Wrapper: ChannelsOperatorProvider,
  namespace: channelsNamespace,
};

/** A channel's custom domains (`/console/domains`), for its owners. */
export const channelDomainsSection = {
  path: DOMAINS_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('domains'),
  element: <DomainsPage />,
  Wrapper: ChannelsOperatorProvider,
  namespace: channelsNamespace,
};

/** A channel's FAQ (`/console/faq`), for its owners. */
export const channelFaqSection = {
  path: FAQ_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('faq'),
  element: <FaqPage />,
  Wrapper: ChannelsOperatorProvider,
  namespace: channelsNamespace,
};

/**
 * A channel's settings (`/console/settings`), for its owners: clip limits, the clip disk quota and
 * sharing rule, the stream lifetime, the live ladder and device linking.
 */
export const channelSettingsSection = {
  path: SETTINGS_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('settings'),
  element: <SettingsPage />,
  Wrapper: ChannelsOperatorProvider,
  namespace: channelsNamespace,
};

/**
 * The feature's sections in navigation order, for the console's list (`apps/console/src/routes.tsx`).
 *
 * @example
 * const consoleSections = [scheduleSection, ...channelsSections];
 */
export const channelsSections = [channelLookSection, channelFaqSection, channelDomainsSection, channelSettingsSection, platformChannelsSection];
