import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';
import type { ConsoleSection } from './section.ts';
import { ConsoleShell } from './shell/ConsoleShell.tsx';
import { ConsoleNotFound, RoleGate } from './shell/RoleGate.tsx';

const SignInPage = lazyView(async () => (await import('./views/SignInPage.tsx')).SignInPage);
const InvitationPage = lazyView(async () => (await import('./views/InvitationPage.tsx')).InvitationPage);
const HomePage = lazyView(async () => (await import('./views/HomePage.tsx')).HomePage);
const TwoStepPage = lazyView(async () => (await import('./views/TwoStepPage.tsx')).TwoStepPage);
const OperatorsPage = lazyView(async () => (await import('./views/OperatorsPage.tsx')).OperatorsPage);
const SecurityPage = lazyView(async () => (await import('./views/SecurityPage.tsx')).SecurityPage);
const TokensPage = lazyView(async () => (await import('./views/TokensPage.tsx')).TokensPage);
const AuditPage = lazyView(async () => (await import('./views/AuditPage.tsx')).AuditPage);

function navLabel(key: 'operators' | 'security' | 'tokens' | 'audit') {
  return function NavLabel() {
    const { t } = useTranslation('console');
    return <>{t(`nav.${key}`)}</>;
  };
}

/** The console's own sections: the channel's people and its safety, for its owners. */
export const ownerSections: readonly ConsoleSection[] = [
  { path: 'operators', roles: ['owner'], Label: navLabel('operators'), element: <OperatorsPage /> },
  { path: 'security', roles: ['owner'], Label: navLabel('security'), element: <SecurityPage /> },
  { path: 'tokens', roles: ['owner'], Label: navLabel('tokens'), element: <TokensPage /> },
  { path: 'audit', roles: ['owner'], Label: navLabel('audit'), element: <AuditPage /> },
];

/**
 * The control room's route table (relative to the app's basename, `/console`): sign-in and the
 * invitation page outside the shell; inside it the overview, the operator's own second factor,
 * the `sections` other features bring, then the owners' sections. Each view is a lazy chunk.
 *
 * @example
 * const routes = createConsoleRoutes([scheduleSection]);
 * <BrowserRouter basename="/console"><Routes>…</Routes></BrowserRouter>
 */
export function createConsoleRoutes(sections: readonly ConsoleSection[] = []): RouteObject[] {
  const all = [...sections, ...ownerSections];
  return [
    { path: 'sign-in', element: <SignInPage /> },
    { path: 'invitation/:token', element: <InvitationPage /> },
    {
      element: <ConsoleShell sections={all} />,
      children: [
        { index: true, element: <HomePage sections={all} /> },
        { path: 'account/two-step', element: <TwoStepPage /> },
        ...all.map(({ path, roles, platformOwner, element, children, Wrapper }) => ({ path, element: <RoleGate roles={roles} platformOwner={platformOwner} element={element} Wrapper={Wrapper} />, children })),
        { path: '*', element: <ConsoleNotFound /> },
      ],
    },
  ];
}
