import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import NotFoundPage from './NotFoundPage.tsx';

describe('NotFoundPage (spec §2)', () => {
  it('says the page is lost and links home', async () => {
    const { container } = await renderSite(<NotFoundPage />, { route: '/404' });
    expect(screen.getByRole('heading', { name: 'Hmm.... Looks like we lose this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home page' })).toHaveAttribute('href', '/');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('speaks French on a French interface', async () => {
    await renderSite(<NotFoundPage />, { route: '/404', language: 'fr' });
    expect(screen.getByRole('link', { name: /accueil/i })).toBeInTheDocument();
  });
});
