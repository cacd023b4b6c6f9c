import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Button, Link, Page, PageTitle, Text } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import styled from 'styled-components';
import { useLogoutMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--gs-space-md);
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

export interface ProfilePageProps {
  /** Links to the children other features bring (orders, transactions), shown above them. */
  sectionsNav?: ReactNode;
}

/**
 * `/profile` (spec §2): the account overview and the children's navigation. Link a device
 * (`sessions/add`) is here; the order list (the default child) and transactions come from the
 * features that own them, with their links in `sectionsNav`.
 */
export function ProfilePage({ sectionsNav }: ProfilePageProps = {}) {
  const { t } = useTranslation(['auth', 'errors']);
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  if (!user) return <Navigate to={AUTH_PATHS.login} replace />;

  const onLogout = async () => {
    // The session ends on this device whatever the server answers (authApi).
    await logout().catch(() => undefined);
    navigate('/', { replace: true });
  };

  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <Page width="reading" gap="md">
      <PageTitle>{t('auth:profile.title')}</PageTitle>
      <section aria-label={t('auth:profile.overview')}>
        {name && <Text>{name}</Text>}
        <Text>{user.email}</Text>
      </section>
      <Nav aria-label={t('auth:profile.nav')}>
        <ul>
          <li>
            <Link href={AUTH_PATHS.profileEdit}>{t('auth:profile.edit')}</Link>
          </li>
          <li>
            <Link href={AUTH_PATHS.linkDevice}>{t('auth:profile.linkDevice')}</Link>
          </li>
          <li>
            {/* The TV's own page: opened on the TV, it shows the code to enter under "Link a device". */}
            <Link href={AUTH_PATHS.device}>{t('auth:profile.watchOnTv')}</Link>
          </li>
          <li>
            <Link href={AUTH_PATHS.confirmAccountDeletion}>{t('auth:profile.deleteAccount')}</Link>
          </li>
        </ul>
      </Nav>
      {sectionsNav}
      <Outlet />
      <div>
        <Button variant="secondary" onClick={onLogout} loading={isLoading}>
          {t('auth:profile.logout')}
        </Button>
      </div>
    </Page>
  );
}
