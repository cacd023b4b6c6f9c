import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileSectionsNav } from './ProfileSectionsNav.tsx';
import { renderWithProviders } from '@grandstand/test-kit';
import { profileNamespace } from '../namespace.ts';
import { eventOrder, ordersResponse } from '../test/fixtures.ts';
import { renderProfile } from '../test/renderProfile.tsx';

describe('ProfileSectionsNav', () => {
  it('links the orders and the transactions, marking the one shown', async () => {
    const user = userEvent.setup();
    const { container, where } = await renderProfile({ routes: { 'GET /orders': () => ({ json: ordersResponse([eventOrder]) }) } });
    const nav = await screen.findByRole('navigation', { name: 'Orders and payments' });
    expect(nav).toBeInTheDocument();
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('href', '/profile');
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Active orders' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    // The router commits a navigation in a transition: on a loaded machine the location follows the click a moment later.
    await waitFor(() => expect(where()).toBe('/profile/transactions'));
    expect(await screen.findByRole('heading', { name: 'Transactions', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });

  it('is translated', async () => {
    await renderProfile({ language: 'fr', routes: { 'GET /orders': () => ({ json: ordersResponse([]) }) } });
    expect(await screen.findByRole('navigation', { name: 'Commandes et paiements' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commandes' })).toBeInTheDocument();
  });

  it('adds the sections other features bring, after its own, marking the one shown', async () => {
    const { container } = await renderWithProviders(<ProfileSectionsNav sections={[{ to: '/profile/clips', label: 'Clips' }]} />, {
      namespaces: [profileNamespace],
      route: '/profile/clips',
    });
    expect(await screen.findByRole('navigation', { name: 'Profile sections' })).toBeInTheDocument();
    const links = (await screen.findAllByRole('link')).map((link) => link.textContent);
    expect(links).toEqual(['Orders', 'Transactions', 'Clips']);
    expect(screen.getByRole('link', { name: 'Clips' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    expect(await axe(container)).toHaveNoViolations();
  });
});
