import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aboutPage, contentRoutes as fakeRoutes, settings } from './test/fixtures.ts';
import { renderContentRoutes } from './test/renderContent.tsx';
import { contentRoutes, createChannelPageRoute, createContentRoutes } from './routes.tsx';


const page = { id: aboutPage.id, url: aboutPage.url, name: aboutPage.name, alt_name: null };

function layout(children: ReturnType<typeof createChannelPageRoute>[]) {
  return [{ path: '/', element: <Outlet />, children }];
}

describe('contentRoutes', () => {
  it.each([
    ['/faq', 'Frequently asked questions'],
    ['/about', 'About Northfield Schools Network'],
    ['/contacts', 'Contact us'],
  ])('loads %s lazily under the site layout', async (path, heading) => {
    await renderContentRoutes(layout(contentRoutes), { routes: fakeRoutes(), route: path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('createContentRoutes', () => {
  it('hands the channel’s description to the about page', async () => {
    const routes = fakeRoutes({ settings: { ...settings, static_blocks: [] } });
    await renderContentRoutes(layout(createContentRoutes({ description: 'Hockey from the north.' })), { routes, route: '/about' });
    expect(await screen.findByText('Hockey from the north.')).toBeInTheDocument();
  });
});

describe('createChannelPageRoute', () => {
  it('serves the page at its url with the schedule view below', async () => {
    await renderContentRoutes(layout([createChannelPageRoute(page, <p>Shared schedule</p>)]), { routes: fakeRoutes(), route: '/about-us' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(await screen.findByText('To the schools.')).toBeInTheDocument();
    expect(screen.getByText('Shared schedule')).toBeInTheDocument();
  });
});
