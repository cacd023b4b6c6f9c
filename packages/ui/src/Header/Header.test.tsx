import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LinkProvider } from '../Link/LinkProvider.tsx';
import type { LinkComponent, LinkComponentProps, NavItem } from '../shared/link.ts';
import { renderThemed } from '../test/render.tsx';
import { Header } from './Header.tsx';

const items: NavItem[] = [
  { id: 1, label: 'Live', href: '/live' },
  { id: 2, label: 'Schedule', href: '/schedule' },
  { id: 3, label: 'Shop', href: 'https://shop.example.org', external: true },
];

function renderHeader(extra: Partial<Parameters<typeof Header>[0]> = {}, link: LinkComponent = 'a') {
  return renderThemed(
    <LinkProvider component={link}>
      <Header channelName="Northfield Sports" homeHref="/" items={items} navLabel="Main menu" menuButtonLabel="Menu" currentPath="/live" {...extra} />
    </LinkProvider>,
  );
}

/**
 * jsdom gives every box a width of 0, so the header's container query sees a narrow header and the
 * menu folds behind its button. The Header story checks the wide layout in Chromium.
 */
const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('Header', () => {
  it('links home by the channel name and lists the menu in a named navigation', async () => {
    const user = userEvent.setup();
    const { container } = renderHeader();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(menuButton());
    expect(screen.getByRole('link', { name: 'Northfield Sports' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Live', 'Schedule', 'Shop']);
    expect(within(nav).getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Schedule' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', 'https://shop.example.org');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the logo named after the channel when there is one', () => {
    renderHeader({ logoSrc: '/logo.svg' });
    expect(screen.getByRole('img', { name: 'Northfield Sports' })).toHaveAttribute('src', '/logo.svg');
  });

  it('opens the menu from its button and closes it with Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = menuButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Live' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('toggles from the keyboard and closes when an entry is chosen', async () => {
    const user = userEvent.setup();
    function RouterLink({ href, children, className, 'aria-current': current }: LinkComponentProps) {
      return (
        <a href={href} className={className} aria-current={current} onClick={(event) => event.preventDefault()}>
          {children}
        </a>
      );
    }
    renderHeader({}, RouterLink);
    const button = menuButton();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Schedule' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the actions it is given and no menu button without entries', () => {
    renderHeader({ items: [], actions: <button type="button">Log in</button> });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('keeps the account in the bar and puts the secondary controls inside the menu', async () => {
    const user = userEvent.setup();
    const { container } = renderHeader({
      actions: <a href="/login">Log in</a>,
      menuExtras: (
        <label>
          Language
          <select defaultValue="en">
            <option value="en">English</option>
          </select>
        </label>
      ),
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    await user.click(menuButton());
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('combobox', { name: 'Language' })).toBeVisible();
    expect(container.querySelector('[style]')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('has a menu for the secondary controls alone when there are no entries', async () => {
    const user = userEvent.setup();
    renderHeader({ items: [], menuExtras: <button type="button">Log out</button> });
    await user.click(menuButton());
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(within(screen.getByRole('navigation')).queryByRole('list')).toBeNull();
  });
});
