import { useTranslation } from '@grandstand/i18n';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { PROFILE_PATHS } from '../paths.ts';

const Nav = styled.nav`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.lg};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 3px solid transparent;
    color: ${({ theme }) => theme.colors.bodyTextColor};
    font-weight: ${({ theme }) => theme.font.weights.medium};
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }

  /* NavLink marks the current section with aria-current="page": shown, and read out, the same way. */
  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primaryColor};
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * The links to the profile's order and payment sections (spec §2: the order list is the default
 * child of /profile, then transactions). The site passes it to the profile page above its children.
 */
export function ProfileSectionsNav() {
  const { t } = useTranslation(['profile']);
  return (
    <Nav aria-label={t('profile:nav.label')}>
      <ul>
        <li>
          <NavLink to={PROFILE_PATHS.orders} end>
            {t('profile:nav.orders')}
          </NavLink>
        </li>
        <li>
          <NavLink to={PROFILE_PATHS.transactions}>{t('profile:nav.transactions')}</NavLink>
        </li>
      </ul>
    </Nav>
  );
}
