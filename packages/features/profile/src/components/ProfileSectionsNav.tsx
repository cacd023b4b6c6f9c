import { useTranslation } from '@grandstand/i18n';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { PROFILE_PATHS } from '../paths.ts';

// NavLink marks the current section with aria-current="page": shown, and read out, the same way.
const Nav = styled.nav`
  border-bottom: 1px solid var(--gs-border);

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--gs-space-lg);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: inline-block;
    padding: var(--gs-space-sm) 0;
    border-bottom: 3px solid transparent;
    color: var(--gs-body-text-color);
    font-weight: var(--gs-font-weight-medium);
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }

  a[aria-current='page'] {
    border-bottom-color: var(--gs-primary-color);
    font-weight: var(--gs-font-weight-bold);
  }

  a:focus-visible {
    outline: 2px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

/** A profile section another feature brings (spec §2 profile children: clips). */
export interface ProfileSection {
  /** The section's absolute path ("/profile/clips"). */
  to: string;
  /** Its link text, in the viewer's language. */
  label: ReactNode;
}

export interface ProfileSectionsNavProps {
  /** Further sections, after orders and transactions, in order. */
  sections?: readonly ProfileSection[];
}

/**
 * The links to the profile's order and payment sections (spec §2: the order list is the default
 * child of /profile, then transactions), then any `sections` the site adds from other features.
 * The site passes it to the profile page above its children.
 *
 * @example <ProfileSectionsNav sections={[{ to: CLIPS_LIBRARY_PATHS.profile, label: <ClipsSectionLabel /> }]} />
 */
export function ProfileSectionsNav({ sections = [] }: ProfileSectionsNavProps) {
  const { t } = useTranslation(['profile']);
  return (
    // With other features' sections it is more than orders and payments: named for what it holds.
    <Nav aria-label={sections.length > 0 ? t('profile:nav.sectionsLabel') : t('profile:nav.label')}>
      <ul>
        <li>
          <NavLink to={PROFILE_PATHS.orders} end>
            {t('profile:nav.orders')}
          </NavLink>
        </li>
        <li>
          <NavLink to={PROFILE_PATHS.transactions}>{t('profile:nav.transactions')}</NavLink>
        </li>
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to}>{section.label}</NavLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
