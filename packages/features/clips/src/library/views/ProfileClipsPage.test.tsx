import { axe } from '@grandstand/vitest-config/axe';
import { selectToasts } from '@grandstand/store';
import { CLIP_REFUSAL_CODES, type Clip } from '@grandstand/contract';
import { TEST_SESSION_KEY } from '@grandstand/test-kit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clip, clipOptions, clipsResponse, failed, goal, processing, queued, save } from '../test/fixtures.ts';
import { renderLibrary } from '../test/renderLibrary.tsx';
import { LIBRARY_REFUSALS } from '../display.ts';
import fr from '../locales/fr.json' with { type: 'json' };
import { ProfileClipsPage } from './ProfileClipsPage.tsx';

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('ProfileClipsPage', () => {
  it('lists the viewer’s clips with their game, tags, length and status, and acts only on what is finished', async () => {
    const { api, container } = await renderLibrary({
      routes: { 'GET /clips/user': () => ({ json: clipsResponse([goal, save, queued, processing, failed]) }) },
    });
    const list = await screen.findByRole('list', { name: 'Your clips' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);

    const top = card('Top-corner goal');
    expect(top).toHaveTextContent('Ready');
    expect(top).toHaveTextContent('Length0:24');
    expect(within(top).getByRole('link', { name: 'Riverside Lions @ Northfield Eagles' })).toHaveAttribute('href', '/watch/42');
    expect(within(top).getByRole('link', { name: /^All your clips of this game\s?: Riverside Lions @ Northfield Eagles$/ })).toHaveAttribute('href', '/watch_library/42');
    // The channel's tag names, not their ids.
    await waitFor(() => expect(card('Glove save')).toHaveTextContent('TagsSaveHighlight'));
    expect(card('Glove save')).toHaveTextContent('Cut live');
    expect(within(top).getByRole('link', { name: 'Play Top-corner goal' })).toHaveAttribute('href', `/share/42/${goal.uuid}`);
    expect(within(top).getByRole('button', { name: 'Download', description: 'Top-corner goal' })).toBeEnabled();
    expect(within(top).getByRole('button', { name: 'Share', description: 'Top-corner goal' })).toBeEnabled();
    expect(within(top).getByRole('button', { name: 'Delete', description: 'Top-corner goal' })).toBeEnabled();

    expect(card('Power play')).toHaveTextContent('Queued');
    expect(card('Power play')).toHaveTextContent('Waiting to be cut…');
    expect(card('Overtime winner')).toHaveTextContent('Processing');
    expect(within(card('Overtime winner')).queryByRole('button')).toBeNull();
    expect(within(card('Overtime winner')).queryByRole('link', { name: /^Play/ })).toBeNull();

    const penalty = card('Penalty shot');
    expect(penalty).toHaveTextContent('Failed');
    expect(penalty).toHaveTextContent('The recording was not available for that moment. Pick another moment and try again.');
    expect(within(penalty).getAllByRole('button').map((button) => button.textContent)).toEqual(['Delete']);

    expect(api.calls.find((call) => call.path === '/api/clips/user')?.query).toMatchObject({ offset: '0', limit: '12', api_key: TEST_SESSION_KEY });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('asks again every 2 s while a clip is being cut, and stops once all are finished', async () => {
    let answers = 0;
    const { api } = await renderLibrary({
      routes: {
        'GET /clips/user': () => {
          answers += 1;
          const status = answers === 1 ? 'queued' : answers === 2 ? 'processing' : 'ready';
          return { json: clipsResponse([{ ...goal, ...(status === 'ready' ? {} : { status, stream_url: null, poster: null, ready_at: null }) }]) };
        },
      },
    });
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    expect(await screen.findByText('Processing', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Ready', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Top-corner goal' })).toBeInTheDocument();
    const asked = api.calls.filter((call) => call.path === '/api/clips/user').length;
    expect(asked).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(api.calls.filter((call) => call.path === '/api/clips/user')).toHaveLength(asked);
  }, 12_000);

  it('downloads through the signed address the server gives, once per press', async () => {
    const user = userEvent.setup();
    const openUrl = vi.fn();
    const { api } = await renderLibrary({
      profileChildren: [{ path: 'clips', element: <ProfileClipsPage openUrl={openUrl} /> }],
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
        'GET /clip/download/1': () => ({
          json: { data: { url: '/media/clips/northfield/download/1.mp4?expires=1&signature=abc', file_name: 'Top-corner goal.mp4', expires_at: '2026-03-02T19:10:00.000Z' } },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('/media/clips/northfield/download/1.mp4?expires=1&signature=abc'));
    expect(api.calls.filter((call) => call.path === '/api/clip/download/1')).toHaveLength(1);
  });

  it('shows why a download is refused', async () => {
    const user = userEvent.setup();
    const openUrl = vi.fn();
    await renderLibrary({
      profileChildren: [{ path: 'clips', element: <ProfileClipsPage openUrl={openUrl} /> }],
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
        'GET /clip/download/1': () => ({ status: 403, json: { message: 'You have no downloads left today.', field: 'id' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('You have no downloads left today.')).toHaveAttribute('role', 'alert');
    expect(openUrl).not.toHaveBeenCalled();
  });

  // Every refusal of the library's calls it has a text for, by its code alone, in French: the
  // server's words are none of the site's, so only the code can find the viewer's text.
  it.each(LIBRARY_REFUSALS)('shows the %s refusal of a download in French by its code', async (refusal) => {
    const user = userEvent.setup();
    const said = 'Words the site does not know.';
    await renderLibrary({
      language: 'fr',
      profileChildren: [{ path: 'clips', element: <ProfileClipsPage openUrl={vi.fn()} /> }],
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
        'GET /clip/download/1': () => ({ status: 403, json: { message: said, field: 'id', code: CLIP_REFUSAL_CODES[refusal] } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Télécharger' }));
    expect(await screen.findByText(fr.refusals[refusal])).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(said)).toBeNull();
  });

  it('offers no download to a viewer without download_clip', async () => {
    await renderLibrary({
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
        'GET /clips/options': () => ({ json: { data: clipOptions({ can_download_clip: false }) } }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    await waitFor(() => expect(card('Top-corner goal')).toHaveTextContent('TagsGoal'));
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('copies the absolute share link where there is no share sheet', async () => {
    const user = userEvent.setup();
    const { store } = await renderLibrary({ routes: { 'GET /clips/user': () => ({ json: clipsResponse([goal]) }) } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ message: 'Link copied', type: 'success' })]));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/42/${goal.uuid}`);
  });

  it('opens the system share sheet where there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { store } = await renderLibrary({ routes: { 'GET /clips/user': () => ({ json: clipsResponse([goal]) }) } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Top-corner goal',
        text: 'A clip of Riverside Lions @ Northfield Eagles',
        url: `${window.location.origin}/share/42/${goal.uuid}`,
      }),
    );
    expect(selectToasts(store.getState())).toEqual([]);
  });

  it('deletes a clip after the confirmation and keeps the focus on the list', async () => {
    const user = userEvent.setup();
    let clips: Clip[] = [goal, save];
    const { api, store, container } = await renderLibrary({
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse(clips) }),
        'DELETE /clip/1': () => {
          clips = clips.filter((one) => one.id !== 1);
          return { json: { data: { message: 'Clip deleted' } } };
        },
      },
    });
    await user.click(within(await screen.findByRole('article', { name: 'Top-corner goal' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this clip?' });
    expect(dialog).toHaveTextContent('“Top-corner goal” will be deleted for good and its share link will stop working.');
    expect(await axe(container.ownerDocument.body)).toHaveNoViolations();

    // Keeping it asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card('Top-corner goal')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete clip' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Top-corner goal' })).toBeNull());
    expect(card('Glove save')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your clips', level: 2 })).toHaveFocus();
    expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ message: 'Clip deleted', type: 'success' })]);
    expect(api.calls.find((call) => call.method === 'DELETE')?.query).toMatchObject({ api_key: TEST_SESSION_KEY });
  });

  it('shows a refused delete and keeps the clip', async () => {
    const user = userEvent.setup();
    await renderLibrary({
      routes: {
        'GET /clips/user': () => ({ json: clipsResponse([goal]) }),
        'DELETE /clip/1': () => ({ status: 404, json: { message: 'Clip not found', field: 'id' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete clip' }));
    expect(await screen.findByText('Clip not found')).toHaveAttribute('role', 'alert');
    expect(card('Top-corner goal')).toBeInTheDocument();
  });

  it('shows an empty list with a way to find a game to clip', async () => {
    const user = userEvent.setup();
    const { container, where } = await renderLibrary({ routes: { 'GET /clips/user': () => ({ json: clipsResponse([]) }) } });
    expect(await screen.findByRole('heading', { name: 'No clips yet' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('link', { name: 'Find a game to clip' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('pages through many clips', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 13 }, (_, index) => clip({ id: 200 + index, name: `Moment ${index + 1}` }));
    const { api, where } = await renderLibrary({
      routes: {
        'GET /clips/user': (request) => {
          const offset = Number(request.query.offset);
          return { json: clipsResponse(many.slice(offset, offset + 12), many.length, offset) };
        },
      },
    });
    expect(await screen.findByRole('article', { name: 'Moment 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Moment 13' })).toBeInTheDocument();
    expect(where()).toBe('/profile/clips?page=2');
    expect(api.calls.filter((call) => call.path === '/api/clips/user').at(-1)?.query).toMatchObject({ offset: '12', limit: '12' });
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderLibrary({
      routes: { 'GET /clips/user': () => (fail ? { status: 500, json: { message: 'Down' } } : { json: clipsResponse([goal]) }) },
    });
    expect(await screen.findByRole('heading', { name: 'Your clips could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Top-corner goal' })).toBeInTheDocument();
  });

  it('is translated', async () => {
    await renderLibrary({ language: 'fr', routes: { 'GET /clips/user': () => ({ json: clipsResponse([goal, failed]) }) } });
    expect(await screen.findByRole('heading', { name: 'Vos clips', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Top-corner goal' })).toHaveTextContent('Prêt');
    expect(within(card('Penalty shot')).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });
});
