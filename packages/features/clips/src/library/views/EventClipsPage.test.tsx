import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clipsResponse, game, goal, processing } from '../test/fixtures.ts';
import { renderLibrary } from '../test/renderLibrary.tsx';

describe('EventClipsPage', () => {
  it('lists the viewer’s clips of the game under its title, with the way back to the game', async () => {
    const user = userEvent.setup();
    const { api, container, where } = await renderLibrary({
      route: '/watch_library/42',
      routes: {
        'GET /events/42': () => ({ json: { data: game } }),
        'GET /clips/event/42': () => ({ json: clipsResponse([goal, processing]) }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your clips of Riverside Lions @ Northfield Eagles', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your clips of this game' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Top-corner goal', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Overtime winner' })).toHaveTextContent('Processing');
    // Already on the game's clips: no link to them.
    expect(screen.queryByRole('link', { name: /^All your clips/ })).toBeNull();
    expect(api.calls.some((call) => call.path === '/api/clips/event/42')).toBe(true);
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('link', { name: 'Watch the game' }));
    await waitFor(() => expect(where()).toBe('/watch/42'));
  });

  it('says there is nothing yet, with a way to the game to clip it', async () => {
    const { container } = await renderLibrary({
      route: '/watch_library/42',
      routes: {
        'GET /events/42': () => ({ json: { data: game } }),
        'GET /clips/event/42': () => ({ json: clipsResponse([]) }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'No clips of this game yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the game' })).toHaveAttribute('href', '/watch/42');
    expect(await axe(container)).toHaveNoViolations();
  });

  it.each(['/watch_library/abc', '/watch_library/0', '/watch_library/99999999999'])('ends %s on the 404 page without asking the server', async (path) => {
    const { api, where } = await renderLibrary({ route: path });
    await waitFor(() => expect(where()).toBe('/404'));
    expect(api.calls.some((call) => call.path.startsWith('/api/clips/') || call.path.startsWith('/api/events/'))).toBe(false);
  });

  it('ends an event the viewer cannot see (another channel’s, unknown) on the 404 page', async () => {
    const { where } = await renderLibrary({
      route: '/watch_library/7',
      routes: {
        'GET /events/7': () => ({ status: 404, json: { message: 'Event not found', field: 'id' } }),
        'GET /clips/event/7': () => ({ status: 404, json: { message: 'Event not found', field: 'id' } }),
      },
    });
    await waitFor(() => expect(where()).toBe('/404'));
  });

  it('is translated', async () => {
    await renderLibrary({
      language: 'fr',
      route: '/watch_library/42',
      routes: {
        'GET /events/42': () => ({ json: { data: game } }),
        'GET /clips/event/42': () => ({ json: clipsResponse([goal]) }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Vos clips de Riverside Lions @ Northfield Eagles', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regarder le match' })).toBeInTheDocument();
  });
});

describe('EventClipsPage without its event', () => {
  it('still lists the clips under a plain heading when the event cannot be loaded', async () => {
    await renderLibrary({
      route: '/watch_library/42',
      routes: {
        'GET /events/42': () => ({ status: 500, json: { message: 'Down' } }),
        'GET /clips/event/42': () => ({ json: clipsResponse([]) }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your clips of this game', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No clips of this game yet' })).toBeInTheDocument();
  });
});
