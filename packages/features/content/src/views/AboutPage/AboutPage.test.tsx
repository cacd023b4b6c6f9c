import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contentRoutes, settings } from '../../test/fixtures.ts';
import { renderContent } from '../../test/renderContent.tsx';
import { AboutPage } from './AboutPage.tsx';

describe('AboutPage', () => {
  it('shows the channel’s about block, sanitised', async () => {
    const { container } = await renderContent(<AboutPage />, { routes: contentRoutes(), route: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Northfield Schools Network' })).toBeInTheDocument();
    expect(screen.getByText('coverage')).toBeInTheDocument();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(document.title).toBe('About Northfield Schools Network');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('falls back to the channel’s name and a way home when there is no about block', async () => {
    const { container } = await renderContent(<AboutPage />, { routes: contentRoutes({ settings: { ...settings, static_blocks: [] } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Northfield Schools Network' })).toBeInTheDocument();
    expect(screen.getByText('Northfield Schools Network brings you live, upcoming and on-demand events.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home page' })).toHaveAttribute('href', '/');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('uses the channel’s own description for that fallback when the site gives one', async () => {
    await renderContent(<AboutPage description="School sports, streamed by students." />, { routes: contentRoutes({ settings: { ...settings, static_blocks: [] } }) });
    expect(await screen.findByText('School sports, streamed by students.')).toBeInTheDocument();
  });

  it('keeps a heading and offers a retry when the settings cannot be had', async () => {
    await renderContent(<AboutPage />, { routes: { ...contentRoutes(), 'GET /settings': () => ({ status: 500, json: { message: 'Down' } }) } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
  });
});
