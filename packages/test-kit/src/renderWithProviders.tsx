import type { ApiClient } from '@grandstand/api-client';
import type { FakeHandler } from '@grandstand/api-client/testing';
import type { ColorSettings, User } from '@grandstand/contract';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import type { FeatureNamespace } from '@grandstand/i18n';
import { rememberVisit } from '@grandstand/store';
import type { RootState, Visit } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider, preloadLazyViews } from '@grandstand/ui';
import type { LinkComponentProps } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { Suspense, useLayoutEffect, type ComponentType, type ReactElement, type ReactNode, type RefObject } from 'react';
import { Provider } from 'react-redux';
import { Link, matchRoutes, MemoryRouter, Outlet, useLocation, useNavigate, useRoutes } from 'react-router';
import type { NavigateFunction, RouteObject } from 'react-router';
import { createTestStore, testColors } from './fixtures.ts';
import type { TestStore } from './fixtures.ts';

export interface RenderWithProvidersOptions {
  /** The fake channel API's routes ('GET /settings'…); others answer 404. Only the network is fake. */
  routes?: Record<string, FakeHandler>;
  /** Where the router starts (path and query); `/` by default. */
  route?: string;
  /** The interface language; English by default. */
  language?: string;
  /** The feature namespaces whose texts the view shows (`registerFeatureResources`), in order. */
  namespaces?: FeatureNamespace[];
  /** Start logged in as this user. */
  user?: User;
  /** The session key `user` holds (`TEST_SESSION_KEY` by default). */
  sessionKey?: string;
  /** The last page visited before this one (where a login returns to). */
  lastVisited?: Visit;
  /**
   * Fetch the visitor key before the view shows, as the site's startup does (spec §4), when no one is
   * logged in. Off by default: the view's first call then fetches it.
   */
  visitorKey?: boolean;
  /**
   * Stand-in pages of the site beside the routes, by path: each shows its text in a paragraph, so a
   * test reads where a view sent the viewer (`{ '/': 'Home', 'watch/:id': 'Watch' }`).
   * Only with route objects.
   */
  pages?: Record<string, string>;
  /** The channel's colours; the demo channel's (`testColors`) by default. */
  colors?: ColorSettings;
  preloadedState?: Partial<RootState>;
  /** An app's own provider around the others, given the test's client (the site's `ApiClientContext`). */
  wrapper?: ComponentType<{ client: ApiClient; children: ReactNode }>;
}

export interface RenderedWithProviders extends RenderResult, TestStore {
  i18n: Awaited<ReturnType<typeof createI18n>>;
  /** Session keys the fake API accepts besides the test's own: a fake login route adds the key it hands out. */
  sessions: Set<string>;
  /** Where the viewer is now: path and query. */
  where: () => string;
}

export interface RenderedRoutes extends RenderedWithProviders {
  /** Navigates in the test's router, as a link or the browser's back button would (`navigate('/live')`, `navigate(-1)`). */
  navigate: (to: string | number) => Promise<void>;
}

/** Links navigate in the test's router, as the site's do (the site gives its router link to LinkProvider). */
const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />;

/** Tells the test where the `MemoryRouter` is, and hands it the router's navigate. */
function RouterProbe({ locationRef, navigateRef }: { locationRef: RefObject<string>; navigateRef: RefObject<NavigateFunction | null> }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    locationRef.current = location.pathname + location.search;
    navigateRef.current = navigate;
  }, [locationRef, navigateRef, location, navigate]);
  return null;
}

/** The route objects at the router's location, as the site's route table shows them. */
function RoutesOf({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * style.md §7: one helper that wraps store, i18n, theme, links and router around a view. The store and the
 * transport are real; only the network is fake (the one outside boundary).
 *
 * Given route objects, it mounts them in a `MemoryRouter` as the site does in its `BrowserRouter`
 * (lazy views load for real, the first page's before it renders; navigations are transitions),
 * beside the stand-in `pages`; given an
 * element, it renders it in a `MemoryRouter`, and `rerender` keeps the providers.
 *
 * @example
 * const { api, where } = await renderWithProviders(commerceRoutes, {
 *   namespaces: [commerceNamespace],
 *   route: '/packages',
 *   routes: { 'GET /packages': () => ({ json: { data: [] } }) },
 *   pages: { '/': 'Home' },
 * });
 */
export async function renderWithProviders(routes: RouteObject[], options?: RenderWithProvidersOptions): Promise<RenderedRoutes>;
export async function renderWithProviders(ui: ReactElement, options?: RenderWithProvidersOptions): Promise<RenderedWithProviders>;
export async function renderWithProviders(
  input: ReactElement | RouteObject[],
  options: RenderWithProvidersOptions = {},
): Promise<RenderedWithProviders | RenderedRoutes> {
  const sessions = new Set<string>();
  const test = createTestStore({
    routes: options.routes ?? {},
    acceptsApiKey: (key) => sessions.has(key),
    ...(options.user ? { user: options.user } : {}),
    ...(options.sessionKey ? { sessionKey: options.sessionKey } : {}),
    ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}),
  });
  const { store, client } = test;
  if (options.lastVisited) store.dispatch(rememberVisit(options.lastVisited));
  if (options.visitorKey && !options.user) await client.getApiKey();
  const i18n = await createI18n({ language: options.language ?? 'en' });
  for (const namespace of options.namespaces ?? []) await registerFeatureResources(i18n, namespace);

  const AppWrapper = options.wrapper;
  const colors = options.colors ?? testColors;
  // A wrapper (not inline providers) so `rerender` keeps them.
  const Providers = ({ children }: { children: ReactNode }) => {
    const providers = (
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <ChannelThemeProvider colors={colors}>
            <LinkProvider component={RouterLink}>{children}</LinkProvider>
          </ChannelThemeProvider>
        </I18nProvider>
      </Provider>
    );
    return AppWrapper ? <AppWrapper client={client}>{providers}</AppWrapper> : providers;
  };
  const initialEntry = options.route ?? '/';
  const locationRef: RefObject<string> = { current: initialEntry };
  const navigateRef: RefObject<NavigateFunction | null> = { current: null };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers>
      <MemoryRouter initialEntries={[initialEntry]}>
        {children}
        <RouterProbe locationRef={locationRef} navigateRef={navigateRef} />
      </MemoryRouter>
    </Providers>
  );
  const where = () => locationRef.current;

  if (Array.isArray(input)) {
    const pages: RouteObject[] = Object.entries(options.pages ?? {}).map(([path, text]) => ({ path, element: <p>{text}</p> }));
    const routes: RouteObject[] = [{ element: <Outlet />, children: [...pages, ...input] }];
    // The first page's code before it renders, as the site has it for a page the server rendered:
    // the test starts on the page, not on its loading.
    await Promise.all((matchRoutes(routes, initialEntry) ?? []).map(({ route }) => preloadLazyViews(route.element)));
    const navigate = async (to: string | number) => {
      if (!navigateRef.current) throw new Error('the router is not mounted');
      await (typeof to === 'number' ? navigateRef.current(to) : navigateRef.current(to));
    };
    // The site's layout holds the same boundary around its pages (a view loading its code).
    const ui = (
      <Suspense fallback={null}>
        <RoutesOf routes={routes} />
      </Suspense>
    );
    return Object.assign(render(ui, { wrapper }), test, { i18n, sessions, navigate, where });
  }

  return Object.assign(render(input, { wrapper }), test, { i18n, sessions, where });
}

/**
 * The channel theme alone around a component that needs no store, texts or router (the player's
 * controls). Views use `renderWithProviders`.
 */
export function renderThemed(ui: ReactElement, colors: ColorSettings = testColors): RenderResult {
  return render(<ChannelThemeProvider colors={colors}>{ui}</ChannelThemeProvider>);
}

/** The events in the data layer the tag manager reads (spec §7), as `@grandstand/analytics` fills it. */
export function dataLayerEvents(): string[] {
  const layer = (window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? [];
  return layer.flatMap((entry) => (entry.event ? [entry.event] : []));
}
