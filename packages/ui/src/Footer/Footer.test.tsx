import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Footer } from './Footer.tsx';

describe('Footer', () => {
  it('shows the channel, its footer menu, static blocks and copyright', async () => {
    const { container } = renderThemed(
      <Footer
        channelName="Ligue des Laurentides"
        navLabel="Menu du pied de page"
        items={[
          { id: 'faq', label: 'FAQ', href: '/faq' },
          { id: 'contact', label: 'Contact', href: '/contacts' },
        ]}
        copyright="© 2025 Ligue des Laurentides"
      >
        <p>Tous les matchs en direct.</p>
      </Footer>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Ligue des Laurentides')).toBeInTheDocument();
    const nav = within(footer).getByRole('navigation', { name: 'Menu du pied de page' });
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contacts');
    expect(within(footer).getByText('Tous les matchs en direct.')).toBeInTheDocument();
    expect(within(footer).getByText('© 2025 Ligue des Laurentides')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('leaves out the navigation when there are no entries', () => {
    renderThemed(<Footer channelName="Northfield" navLabel="Footer menu" items={[]} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
