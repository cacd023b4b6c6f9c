import { FavouritesEffects } from '@grandstand/favourites';
import { useTranslation } from '@grandstand/i18n';
import { channelApi, selectPopups, selectToasts, useAppSelector } from '@grandstand/store';
import { Footer, Header, menuForPlacement, toNavItems } from '@grandstand/ui';
import { HeaderSearch } from '@grandstand/vod';
import type { ReactNode } from 'react';
import { lazy, Suspense, useMemo } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { useSiteChannel } from '../channel.ts';
import { AccountActions, LogoutButton } from './AccountActions.tsx';
import { FooterBlock } from './FooterBlock.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SitePopups } from './SitePopups.tsx';
import { ThrottleNotice } from './ThrottleNotice.tsx';

/** Toasts and popups, whose code loads with the first one to show. */
const Notices = lazy(() => import('./Notices.tsx'));

/** The channel's frame: header and footer menus (spec §3 placement), toasts and popups. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { data: menu = [] } = channelApi.useGetMenuQuery();
  const { data: pages = [] } = channelApi.useGetPagesQuery();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const hasNotices = useAppSelector((state) => selectToasts(state).length > 0 || selectPopups(state).length > 0);

  const headerItems = useMemo(() => toNavItems(menuForPlacement(menu, 'header'), pages), [menu, pages]);
  const footerItems = useMemo(() => toNavItems(menuForPlacement(menu, 'footer'), pages), [menu, pages]);
  const footerBlock = settings?.static_blocks.find((block) => block.alias === 'footer');
  const channel = useSiteChannel();
  const name = settings?.name ?? channel.name;

  return (
    <Frame>
      <SkipLink href="#main">{t('skipToContent')}</SkipLink>
      <Header
        channelName={name}
        logoSrc={channel.logo ?? undefined}
        homeHref="/"
        items={headerItems}
        navLabel={t('mainNav')}
        menuButtonLabel={t('menu')}
        currentPath={pathname}
        actions={
          <>
            <HeaderSearch />
            <AccountActions />
          </>
        }
        menuExtras={
          <>
            <LanguageSwitch />
            <LogoutButton />
          </>
        }
      />
      {/* Follows what a visitor chose to follow before logging in (spec §6). */}
      <FavouritesEffects />
      {/* The channel's announcements (spec §7 popups), at startup and as they are published. */}
      <SitePopups />
      {/* A throttled call, wherever it happened, tells the viewer when to try again (spec §8). */}
      <ThrottleNotice />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer
        channelName={name}
        items={footerItems}
        navLabel={t('footerNav')}
        copyright={t('copyright', { year: new Date().getFullYear(), channel: name })}
      >
        {footerBlock && <FooterBlock html={footerBlock.content} />}
      </Footer>
      {hasNotices && (
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  outline: none;
`;

const SkipLink = styled.a`
  position: absolute;
  left: var(--gs-space-md);
  top: -100px;
  z-index: var(--gs-z-toast);
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-primary-color);
  color: var(--gs-primary-contrast);
  border-radius: var(--gs-radius-md);

  &:focus {
    top: var(--gs-space-md);
  }
`;
