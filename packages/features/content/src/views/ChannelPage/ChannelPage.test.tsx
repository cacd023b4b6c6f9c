import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aboutPage, contentRoutes } from '../../test/fixtures.ts';
import { renderContent } from '../../test/renderContent.tsx';
import { ChannelPage } from './ChannelPage.tsx';

const page = { id: aboutPage.id, url: aboutPage.url, name: aboutPage.name, alt_name: aboutPage.alt_name };

describe('ChannelPage', () => {
  it('is titled with the page name and shows its HTML sanitised, then the schedule slot', async () => {
    const { container } = await renderContent(
      <ChannelPage page={page}>
        <section aria-label="Schedule">Upcoming events</section>
      </ChannelPage>,
      { routes: contentRoutes(), route: '/about-us' },
    );
    expect(document.title).toBe('About us');
    expect(screen.getByRole('heading', { level: 1, name: 'About Northfield Schools Network' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Where the money goes' })).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
    const content = screen.getByText('To the schools.');
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    // The schedule view follows the page's text.
    expect(content.compareDocumentPosition(schedule) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('uses the page name as heading when there is no alternative name', async () => {
    await renderContent(<ChannelPage page={{ ...page, alt_name: null }} />, { routes: contentRoutes() });
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(await screen.findByText('To the schools.')).toBeInTheDocument();
  });

  it('offers a retry when the page cannot be loaded', async () => {
    await renderContent(<ChannelPage page={{ ...page, id: 99 }} />, { routes: contentRoutes() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
