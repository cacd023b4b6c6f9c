import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLinkComponent } from '../Link/LinkProvider.tsx';
import type { NavItem } from '../shared/link.ts';
import { NavLink } from '../shared/NavLink.tsx';
import { Actions, Bars, HeaderBar, HeaderRoot, HomeLink, Logo, MenuButton, Nav, NavList } from './Header.styles.ts';

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
  /** Right-hand controls: language switch, login, profile. */
  actions?: ReactNode;
}

/**
 * The site header. On narrow screens the menu folds behind a disclosure button (aria-expanded);
 * Escape closes it and returns focus to the button; choosing an entry closes it too.
 */
export function Header({ channelName, logoSrc, homeHref, items, navLabel, menuButtonLabel, currentPath, actions }: HeaderProps) {
  const linkComponent = useLinkComponent();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <HeaderRoot onKeyDown={onKeyDown}>
      <HeaderBar>
        <HomeLink as={linkComponent} href={homeHref}>
          {logoSrc ? <Logo src={logoSrc} alt={channelName} /> : channelName}
        </HomeLink>
        {items.length > 0 && (
          <MenuButton ref={buttonRef} type="button" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((value) => !value)}>
            <Bars />
            {menuButtonLabel}
          </MenuButton>
        )}
        {items.length > 0 && (
          <Nav id={navId} aria-label={navLabel} $open={open}>
            <NavList>
              {items.map((item) => (
                <li key={item.id}>
                  <NavLink item={item} currentPath={currentPath} onNavigate={() => setOpen(false)} />
                </li>
              ))}
            </NavList>
          </Nav>
        )}
        {actions && <Actions>{actions}</Actions>}
      </HeaderBar>
    </HeaderRoot>
  );
}
