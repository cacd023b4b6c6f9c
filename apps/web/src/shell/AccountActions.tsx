import { useLogoutMutation } from '@grandstand/auth';
import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Link } from '@grandstand/ui';
import { useNavigate } from 'react-router';
import styled from 'styled-components';

/** The header's account entry: log in for a visitor; the profile and log out for a user (spec §4). */
export function AccountActions() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();

  if (!user) {
    return (
      <Actions>
        <Link href="/login">{t('login')}</Link>
      </Actions>
    );
  }
  return (
    <Actions>
      <Link href="/profile">{t('profile')}</Link>
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
