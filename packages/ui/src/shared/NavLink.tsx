import styled from 'styled-components';
import { Link } from '../Link/Link.tsx';
import type { NavItem } from './link.ts';

export interface NavLinkProps {
  item: NavItem;
  currentPath?: string;
  className?: string;
  onNavigate?: () => void;
}

/** A menu entry: through the router's link inside the site, a plain anchor when it leaves. */
export function NavLink({ item, currentPath, className, onNavigate }: NavLinkProps) {
  if (item.external) {
    return (
      <Link external href={item.href} className={className} rel="noopener noreferrer" onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  const current = currentPath !== undefined && currentPath === item.href ? ('page' as const) : undefined;
  return (
    // The click listener sits on a wrapper so any link component (which may drop onClick) still closes the menu.
    <Contents onClickCapture={onNavigate}>
      <Link href={item.href} className={className} aria-current={current}>
        {item.label}
      </Link>
    </Contents>
  );
}

/** A box-less wrapper (a class, not a style attribute, which the site's content security policy drops). */
const Contents = styled.span`
  display: contents;
`;
