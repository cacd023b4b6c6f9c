import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLinkComponent } from '../Link/LinkProvider.tsx';
import type { NavItem } from '../shared/link.ts';
import { NavLink } from '../shared/NavLink.tsx';
import { useWideFrom } from './wideFrom.ts';
import { Actions, Bars, HeaderBar, HeaderRoot, HomeLink, Logo, MenuButton, MenuExtras, MenuLabel, Nav, NavList } from './Header.styles.ts';

export interface HeaderProps {
  channelName: string;
  logoSrc?: string;
  homeHref: string;
  /** Entries placed in the header (see `menuForPlacement`), translated by the site. */
  items: NavItem[];
  /** Accessible name of the navigation landmark ("Main menu"). */
  navLabel: string;
  /** Text of the button that opens the menu on narrow screens ("Menu"). */
  menuButtonLabel: string;
  /** Marks the matching entry with aria-current="page". */
  currentPath?: string;
  /** The account entry (log in, profile): stays in the bar at every width. */
  actions?: ReactNode;
  /**
   * Secondary controls (language switch, log out): in the bar beside the menu on wide screens,
   * inside the folded menu on phones, so the phone's bar is one row.
   */
  menuExtras?: ReactNode;
}

/**
 * The site header. On narrow screens, and wherever its entries would not fit in one row, it is one
 * row (logo, menu button, account) and the menu, with the secondary controls, folds behind the
 * disclosure button (aria-expanded) into a panel under the bar; Escape closes it and returns focus
 * to the button; choosing an entry closes it too.
 */
export function Header({ channelName, logoSrc, homeHref, items, navLabel, menuButtonLabel, currentPath, actions, menuExtras }: HeaderProps) {
  const linkComponent = useLinkComponent();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const hasMenu = items.length > 0 || Boolean(menuExtras);
  const { wideFrom, barRef, listRef } = useWideFrom(items);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <HeaderRoot onKeyDown={onKeyDown}>
      <HeaderBar ref={barRef} $wideFrom={wideFrom}>
        <HomeLink as={linkComponent} href={homeHref}>
          {logoSrc ? <Logo src={logoSrc} alt={channelName} decoding="async" /> : channelName}
        </HomeLink>
        {hasMenu && (
          <MenuButton ref={buttonRef} type="button" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((value) => !value)}>
            <Bars />
            <MenuLabel>{menuButtonLabel}</MenuLabel>
          </MenuButton>
        )}
        {hasMenu && (
          <Nav id={navId} aria-label={navLabel} $open={open}>
            {items.length > 0 && (
              <NavList ref={listRef}>
                {items.map((item) => (
                  <li key={item.id}>
                    <NavLink item={item} currentPath={currentPath} onNavigate={() => setOpen(false)} />
                  </li>
                ))}
              </NavList>
            )}
            {menuExtras && <MenuExtras>{menuExtras}</MenuExtras>}
          </Nav>
        )}
        {actions && <Actions>{actions}</Actions>}
      </HeaderBar>
    </HeaderRoot>
  );
}
