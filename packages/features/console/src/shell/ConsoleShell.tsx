import { CONSOLE_CODES } from '@grandstand/contract';
import type { ConsoleOperator, OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { isApiError, useAppDispatch, useAppSelector } from '@grandstand/store';
import type { RootState } from '@grandstand/store';
import { ErrorPanel, Link, Loader } from '@grandstand/ui';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { consoleApi, useGetConsoleSessionQuery, useSignOutMutation } from '../consoleApi.ts';
import { CONSOLE_PATHS } from '../paths.ts';
import type { ConsoleSection } from '../section.ts';
import { ConsoleOperatorContext } from '../shared/operator.tsx';
import { Bar, BarButton, BarTools, Body, Brand, Chevron, Content, NavCurrent, NavToggle, ShellRoot, SideNav, SkipLink, Who } from './ConsoleShell.styles.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export interface ConsoleShellProps {
  /** Every section, the console's own included, in navigation order. */
  sections: readonly ConsoleSection[];
}

/** The sections the operator's role opens (a platform section only for the platform owner). */
export function sectionsFor(sections: readonly ConsoleSection[], role: OperatorRole, platformOwner = false): ConsoleSection[] {
  return sections.filter((section) => section.roles.includes(role) && (!section.platformOwner || platformOwner));
}

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The navigation by role: the overview, then every section the operator's role opens. A column
 * beside the page on a wide screen; on a phone it folds behind a disclosure button naming the
 * current section (an owner's nineteen sections took the whole first screen), which opens the list
 * above the page. Escape closes it and returns focus to the button; choosing a section closes it.
 */
function ConsoleNav({ operator, sections }: { operator: ConsoleOperator; sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation('console');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const entries = [{ href: CONSOLE_PATHS.home, label: <>{t('nav.home')}</> }, ...sectionsFor(sections, operator.role, operator.platformOwner).map(({ path, Label }) => ({ href: `/${path}`, label: <Label /> }))];
  const current = entries.find(({ href }) => isCurrent(pathname, href));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  return (
    <SideNav aria-label={t('shell.nav')} onKeyDown={onKeyDown}>
      <NavToggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <span>{t('shell.menu')}</span> {current && <NavCurrent>{current.label}</NavCurrent>}
        <Chevron />
      </NavToggle>
      <ul id={listId} data-open={open}>
        {entries.map(({ href, label }) => (
          <li key={href}>
            <Link href={href} aria-current={isCurrent(pathname, href) ? 'page' : undefined} onClick={() => setOpen(false)}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </SideNav>
  );
}

function SignOutButton() {
  const { t } = useTranslation('console');
  const [signOut, { isLoading }] = useSignOutMutation();
  const navigate = useNavigate();
  return (
    <BarButton
      type="button"
      disabled={isLoading}
      onClick={() => {
        void signOut()
          .unwrap()
          .catch(() => undefined)
          .then(() => navigate(CONSOLE_PATHS.signIn, { replace: true }));
      }}
    >
      {t('shell.signOut')}
    </BarButton>
  );
}

function Frame({ operator, sections, children }: { operator: ConsoleOperator | null; sections: readonly ConsoleSection[]; children: ReactNode }) {
  const { t } = useTranslation('console');
  return (
    <ShellRoot>
      <SkipLink href="#console-content">{t('shell.skip')}</SkipLink>
      <Bar>
        <Brand>
          <Link href={CONSOLE_PATHS.home}>{operator?.channel.name ?? t('title')}</Link>
          <span>{t('title')}</span>
        </Brand>
        <BarTools>
          {operator && <Who>{t('shell.signedInAs', { name: operator.name, role: t(`roles.${operator.role}`) })}</Who>}
          {operator && !operator.totpSetupRequired && <Link href={CONSOLE_PATHS.twoStep}>{t('nav.account')}</Link>}
          <LanguageSwitch />
          {operator && <SignOutButton />}
        </BarTools>
      </Bar>
      <Body>
        {operator && !operator.totpSetupRequired ? <ConsoleNav operator={operator} sections={sections} /> : <span />}
        <Content id="console-content" tabIndex={-1}>
          <Suspense fallback={<Loader label={t('loading')} />}>{children}</Suspense>
        </Content>
      </Body>
    </ShellRoot>
  );
}

/** Whether a console call other than the session's own was refused because the session has ended. */
function sessionEndedElsewhere(state: RootState): boolean {
  const calls = [...Object.values(state.api.queries), ...Object.values(state.api.mutations)];
  return calls.some((call) => call?.endpointName !== 'getConsoleSession' && isApiError(call?.error) && call.error.status === 401 && call.error.code === CONSOLE_CODES.signedOut);
}

/**
 * A session can end while a page is open (it expired, an owner removed the operator): the first
 * call refused for it asks for the session again, and the shell, answered 401, sends the operator
 * to sign in rather than leaving every section to fail on its own.
 */
function SessionWatch() {
  const ended = useAppSelector(sessionEndedElsewhere);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (ended) dispatch(consoleApi.util.invalidateTags(['ConsoleSession']));
  }, [ended, dispatch]);
  return null;
}

/**
 * The signed-in control room around every page but sign-in and the invitation: the channel's name,
 * the operator, the language switch and sign-out in the bar; the sections the operator's role
 * opens in the navigation. Without a session it sends the operator to sign in; while the channel
 * requires a second factor the operator has not set up, only its set-up opens.
 */
export function ConsoleShell({ sections }: ConsoleShellProps) {
  const { t } = useTranslation('console');
  const location = useLocation();
  const session = useGetConsoleSessionQuery();

  if (session.isLoading) return <Loader label={t('loading')} fullScreen />;
  if (session.isError || !session.data) {
    if (isApiError(session.error) && session.error.status === 401) {
      return <Navigate to={CONSOLE_PATHS.signIn} replace state={{ from: location.pathname + location.search }} />;
    }
    return (
      <Frame operator={null} sections={sections}>
        <ErrorPanel title={t('title')} message={t('errors.generic')} actionLabel={t('retry')} onAction={() => void session.refetch()} />
      </Frame>
    );
  }
  const operator = session.data;
  if (operator.totpSetupRequired && location.pathname !== CONSOLE_PATHS.twoStep) return <Navigate to={CONSOLE_PATHS.twoStep} replace />;
  return (
    <ConsoleOperatorContext value={operator}>
      <Frame operator={operator} sections={sections}>
        <Outlet />
      </Frame>
      <SessionWatch />
    </ConsoleOperatorContext>
  );
}
