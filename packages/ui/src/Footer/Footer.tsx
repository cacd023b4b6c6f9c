import type { ReactNode } from 'react';
import type { NavItem } from '../shared/link.ts';
import { NavLink } from '../shared/NavLink.tsx';
import { Copyright, FooterInner, FooterList, FooterName, FooterRoot } from './Footer.styles.ts';

export interface FooterProps {
  channelName: string;
  /** Entries placed in the footer (see `menuForPlacement`). */
  items: NavItem[];
  /** Accessible name of the footer navigation ("Footer menu"). */
  navLabel: string;
  /** The channel's static blocks, already sanitised by the site. */
  children?: ReactNode;
  copyright?: string;
}

export function Footer({ channelName, items, navLabel, children, copyright }: FooterProps) {
  return (
    <FooterRoot>
      <FooterInner>
        <FooterName>{channelName}</FooterName>
        {items.length > 0 && (
          <nav aria-label={navLabel}>
            <FooterList>
              {items.map((item) => (
                <li key={item.id}>
                  <NavLink item={item} />
                </li>
              ))}
            </FooterList>
          </nav>
        )}
        {children}
        {copyright && <Copyright>{copyright}</Copyright>}
      </FooterInner>
    </FooterRoot>
  );
}
