import { useLogoutMutation } from '@grandstand/auth';
import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Link } from '@grandstand/ui';
import { useNavigate } from 'react-router';
import styled from 'styled-components';

/**
 * The header's account entry, always in the bar: log in for a visitor, the profile for a user
 * (spec §4). Log out is in the menu (`LogoutButton`), so a phone's bar stays one row.
 */
export function AccountActions() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  return <Actions>{user ? <Link href="/profile">{t('profile')}</Link> : <Link href="/login">{t('login')}</Link>}</Actions>;
}

/** Log out, for a user only; the header shows it beside the menu (inside it on a phone). */
export function LogoutButton() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Actions>
      <button
        type="button"
        disabled={isLoading}
        onClick={() => {
          // spec §4: logout clears the user and the key (the feature does it even if the call fails).
          void logout().finally(() => void navigate('/'));
        }}
      >
        {t('logout')}
      </button>
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  a,
  button {
    font: inherit;
    white-space: nowrap;
    min-height: 2.75rem;
    display: inline-flex;
    align-items: center;
    box-sizing: border-box;
    color: ${({ theme }) => theme.colors.headerTextColor};
    background: none;
    border: 1px solid ${({ theme }) => theme.colors.headerTextColor50};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    text-decoration: none;
    cursor: pointer;
  }
  button:disabled {
    cursor: progress;
  }
`;
