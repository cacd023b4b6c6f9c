import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppDispatch, useAppSelector } from '@grandstand/store';
import { Link } from '@grandstand/ui';
import { useState } from 'react';
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

/**
 * Log out, for a user only; the header shows it beside the menu (inside it on a phone). The call's
 * code loads when it is pressed (`logout.ts`), so the button is there at once and keeps its place.
 */
export function LogoutButton() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Actions>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          // spec §4: logout clears the user and the key (the feature does it even if the call fails).
          // Only the code failing to load leaves the viewer logged in, with the button to press again.
          import('./logout.ts')
            .then(({ logout }) => logout(dispatch))
            .then(
              () => void navigate('/'),
              () => undefined,
            )
            .finally(() => setBusy(false));
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
  gap: var(--gs-space-sm);

  a,
  button {
    font: inherit;
    white-space: nowrap;
    min-height: 2.75rem;
    display: inline-flex;
    align-items: center;
    box-sizing: border-box;
    color: var(--gs-header-text-color);
    background: none;
    border: 1px solid var(--gs-header-text-color-50);
    border-radius: var(--gs-radius-sm);
    padding: var(--gs-space-xs) var(--gs-space-sm);
    text-decoration: none;
    cursor: pointer;
  }
  button:disabled {
    cursor: progress;
  }
`;
