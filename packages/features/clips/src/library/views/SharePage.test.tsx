import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sharedClip } from '../test/fixtures.ts';
import { renderLibrary } from '../test/renderLibrary.tsx';

const shared = sharedClip({ id: 9, uuid: '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b', name: 'Buzzer beater', duration: 42, tags: ['goal', 'highlight'] });
const path = `/share/42/${shared.uuid}`;

describe('SharePage', () => {
  it('plays a shared clip for a visitor, with its game and the way to the whole game', async () => {
    const user = userEvent.setup();
    const { api, container, where } = await renderLibrary({
      visitor: true,
      route: path,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Buzzer beater', level: 1 })).toBeInTheDocument();
    // The player, named after the clip; its video is the clip's HLS rendition with its poster.
    expect(screen.getByRole('region', { name: 'Buzzer beater' })).toBeInTheDocument();
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('poster', shared.poster.src);
    expect(screen.getByText(/A clip of/)).toHaveTextContent('A clip of Riverside Lions @ Northfield Eagles · 0:42');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('GoalHighlight'));
    expect(api.calls.find((call) => call.path === `/api/shared-clip/${shared.uuid}`)).toBeDefined();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('link', { name: 'Watch the whole game' }));
    await waitFor(() => expect(where()).toBe('/watch/42'));
  });

  it('ends an unknown or unfinished clip on the 404 page', async () => {
    const unknown = '11111111-2222-4333-8444-555555555555';
    const { where } = await renderLibrary({
      visitor: true,
      route: `/share/42/${unknown}`,
      routes: { [`GET /shared-clip/${unknown}`]: () => ({ status: 404, json: { message: 'Clip not found', field: 'id' } }) },
    });
    await waitFor(() => expect(where()).toBe('/404'));
  });

  it('ends a link whose game is not the clip’s on the 404 page', async () => {
    const { where } = await renderLibrary({
      visitor: true,
      route: `/share/41/${shared.uuid}`,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }) },
    });
    await waitFor(() => expect(where()).toBe('/404'));
  });

  it.each(['/share/42/not-a-uuid', '/share/abc/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b', '/share/42/..%2F..%2Fsettings'])(
    'ends %s on the 404 page without asking the server',
    async (route) => {
      const { api, where } = await renderLibrary({ visitor: true, route });
      await waitFor(() => expect(where()).toBe('/404'));
      expect(api.calls.some((call) => call.path.startsWith('/api/shared-clip'))).toBe(false);
    },
  );

  it('offers the game itself when the clip is of a paid game the viewer may not watch', async () => {
    const user = userEvent.setup();
    const { where } = await renderLibrary({
      visitor: true,
      route: path,
      routes: {
        [`GET /shared-clip/${shared.uuid}`]: () => ({ status: 403, json: { message: 'Words the site does not show', field: 'id', code: 'clip_share_paid_event' } }),
      },
    });
    expect(await screen.findByText('This clip is from a game you have not bought. Get access to the game to watch it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For viewers of this game' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the game' }));
    await waitFor(() => expect(where()).toBe('/watch/42'));
  });

  it('offers to try again when the clip cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderLibrary({
      visitor: true,
      route: path,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => (fail ? { status: 500, json: { message: 'Down' } } : { json: { data: shared } }) },
    });
    const panel = await screen.findByText('This clip could not be loaded.');
    expect(panel).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Buzzer beater', level: 1 })).toBeInTheDocument();
  });

  it('asks again for a paid game’s clip at half its address’s lifetime, and plays on in the same player', async () => {
    let asked = 0;
    // The shortest lifetime the renewal honours (two seconds: asked again after one).
    const paid = () => sharedClip({ ...shared, stream_url: `/media/s/token-${++asked}/clips/${shared.uuid}/index.m3u8`, stream_expires_in: 2 });
    const { api, container } = await renderLibrary({
      visitor: false,
      route: path,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: paid() } }) },
    });
    expect(await screen.findByRole('heading', { name: 'Buzzer beater', level: 1 })).toBeInTheDocument();
    const video = container.querySelector('video');
    await waitFor(() => expect(api.calls.filter((call) => call.path === `/api/shared-clip/${shared.uuid}`).length).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    // A renewed address is the same stream: the player is not rebuilt.
    expect(container.querySelector('video')).toBe(video);
  });

  it('is translated', async () => {
    await renderLibrary({
      visitor: true,
      language: 'fr',
      route: path,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }) },
    });
    expect(await screen.findByRole('link', { name: 'Regarder tout le match' })).toHaveAttribute('href', '/watch/42');
    expect(within(screen.getByRole('region', { name: 'Buzzer beater' })).getAllByRole('button').length).toBeGreaterThan(0);
  });
});

describe('ShareEmbedPage', () => {
  it('shows the clip’s player alone, for a link preview’s player card', async () => {
    const { container } = await renderLibrary({
      visitor: true,
      route: `/share_embed/42/${shared.uuid}`,
      routes: { [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }) },
    });
    expect(await screen.findByRole('region', { name: 'Buzzer beater' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Watch the whole game' })).toBeNull();
    expect(container.querySelector('video')).toHaveAttribute('poster', shared.poster.src);
  });

  it('ends an unknown clip on the 404 page', async () => {
    const unknown = '11111111-2222-4333-8444-555555555555';
    const { where } = await renderLibrary({
      visitor: true,
      route: `/share_embed/42/${unknown}`,
      routes: { [`GET /shared-clip/${unknown}`]: () => ({ status: 404, json: { message: 'Clip not found', field: 'id' } }) },
    });
    await waitFor(() => expect(where()).toBe('/404'));
  });
});
