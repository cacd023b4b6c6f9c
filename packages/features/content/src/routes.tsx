import type { Page } from '@grandstand/contract';
import { lazyView } from '@grandstand/ui';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

const FaqPage = lazyView(async () => (await import('./views/FaqPage/FaqPage.tsx')).FaqPage);
const AboutPage = lazyView(async () => (await import('./views/AboutPage/AboutPage.tsx')).AboutPage);
const ContactsPage = lazyView(async () => (await import('./views/ContactsPage/ContactsPage.tsx')).ContactsPage);
const ChannelPage = lazyView(async () => (await import('./views/ChannelPage/ChannelPage.tsx')).ChannelPage);

export interface ContentRoutesOptions {
  /** The channel's description (channel.json), for the about page of a channel without an about block. */
  description?: string;
}

/**
 * `/faq`, `/about` and `/contacts` (spec §2), each view in its own lazy chunk so the home route
 * never carries them. Mount them as children of the site's layout route.
 */
export function createContentRoutes(options: ContentRoutesOptions = {}): RouteObject[] {
  return [
    { path: 'faq', element: <FaqPage /> },
    { path: 'about', element: <AboutPage description={options.description} /> },
    { path: 'contacts', element: <ContactsPage /> },
  ];
}

/** The content routes with the about page's generic fallback text. */
export const contentRoutes: RouteObject[] = createContentRoutes();

/** The paths `contentRoutes` own, so the site can keep a channel page from shadowing them. */
export const CONTENT_PATHS: readonly string[] = ['/faq', '/about', '/contacts'];

/**
 * The route of one entry of the channel's page list (spec §2): at the page's url, titled with its
 * name, showing its sanitised HTML and then `schedule`, the site's shared schedule view.
 *
 * @example
 * ...pages.map((page) => createChannelPageRoute(page, <ScheduleView />))
 */
export function createChannelPageRoute(page: Page, schedule?: ReactNode): RouteObject {
  return { path: page.url, element: <ChannelPage page={page}>{schedule}</ChannelPage> };
}
