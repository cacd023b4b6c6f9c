import { CLIP_FAILURES, CLIP_REFUSAL_CODES, CLIP_REFUSALS, type CreateClipBody } from '@grandstand/contract';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_SESSION_KEY } from '@grandstand/test-kit/fixtures';
import { renderClipAction, type RenderClipActionOptions } from './test/renderClipAction.tsx';
import { clip, clipOptions, gameEvent, KICK_OFF } from './test/fixtures.ts';
import { clipMessageKey, EDITOR_REFUSAL_KEYS } from './clipTime.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

/** The field the server names beside a refusal of the clip rules (spec §5), where it is not the request's. */
const SERVER_FIELDS: Partial<Record<(typeof EDITOR_REFUSAL_KEYS)[number], string>> = {
  nameRequired: 'name',
  tagRequired: 'tags',
  durationTooLong: 'duration',
  startOutside: 'start_time',
};

/** A text of the editor's locale by its dotted key. */
function textOf(locale: object, key: string): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text;
}
const frenchText = (key: string) => textOf(fr, key);
const englishText = (key: string) => textOf(en, key);

async function openEditor() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Clip' }));
  const dialog = await screen.findByRole('dialog', { name: 'Clip a moment' });
  // The editor asks what this viewer may do first (GET /clips/options).
  await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  return { user, dialog };
}

afterEach(() => vi.useRealTimers());

describe('the Clip control (spec §3 Clip)', () => {
  it('opens the editor with the last 30 s up to the playhead marked, each mark announcing its time', async () => {
    const { container } = await renderClipAction({ player: { currentTime: 125.6 } });
    const { dialog } = await openEditor();
    const start = await within(dialog).findByRole('slider', { name: 'Clip start' });
    const end = within(dialog).getByRole('slider', { name: 'Clip end' });
    expect(start).toHaveAttribute('aria-valuetext', '1:35');
    expect(end).toHaveAttribute('aria-valuetext', '2:05');
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('1:35');
    expect(within(dialog).getByLabelText(/^End/)).toHaveValue('2:05');
    expect(within(dialog).getByText('Length 0:30')).toBeInTheDocument();
    expect(within(dialog).getByText('4 clips left')).toBeInTheDocument();
    // No one-press live clip on demand.
    expect(within(dialog).queryByRole('button', { name: /last 30 seconds/ })).toBeNull();
    expect(await axe(container.ownerDocument.body)).toHaveNoViolations();
  });

  it('works by keyboard alone: Tab to a mark, arrows move it, Enter sends, and nothing reaches the player', async () => {
    const bodies: CreateClipBody[] = [];
    const onKeyOutside = vi.fn();
    await renderClipAction({
      onKeyOutside,
      routes: {
        'POST /clip': (request) => {
          bodies.push(request.body as CreateClipBody);
          return { json: { data: clip() } };
        },
        'GET /clips/event/7': () => ({ json: { data: [clip()], meta: { total: 1, offset: 0, limit: 24 } } }),
      },
    });
    const { user, dialog } = await openEditor();
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    const start = within(dialog).getByRole('slider', { name: 'Clip start' });
    expect(start).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{PageDown}');
    expect(start).toHaveAttribute('aria-valuetext', '1:22');
    await user.tab();
    const end = within(dialog).getByRole('slider', { name: 'Clip end' });
    await user.keyboard('{PageUp}{ArrowLeft}');
    expect(end).toHaveAttribute('aria-valuetext', '2:09');
    await user.type(within(dialog).getByRole('textbox', { name: 'Clip name' }), 'Mighty save');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Save');
    end.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your clip "Top corner" is waiting to be cut…');
    expect(bodies).toEqual([{ api_key: TEST_SESSION_KEY, event_id: 7, name: 'Mighty save', start_time: 82, duration: 47, tags: ['save'] }]);
    // The player's keys (m mutes, arrows seek, space plays) never saw the viewer's typing.
    expect(onKeyOutside).not.toHaveBeenCalled();
  });

  it('sends one clip however often it is pressed while one is on its way, and shows it again when reopened', async () => {
    let posts = 0;
    await renderClipAction({
      routes: {
        'POST /clip': async () => {
          posts += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { json: { data: clip() } };
        },
        'GET /clips/event/7': () => ({ json: { data: [clip({ status: 'processing' })], meta: { total: 1, offset: 0, limit: 24 } } }),
      },
    });
    const { user, dialog } = await openEditor();
    await user.type(within(dialog).getByRole('textbox', { name: 'Clip name' }), 'Top corner{Enter}{Enter}');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Goal');
    within(dialog).getByRole('slider', { name: 'Clip end' }).focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(await within(dialog).findByText('Your clip "Top corner" is being cut…')).toBeInTheDocument();
    expect(posts).toBe(1);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clip' }));
    expect(await screen.findByText('Your clip "Top corner" is being cut…')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the Clip button', async () => {
    await renderClipAction();
    const { user } = await openEditor();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clip' })).toHaveFocus();
  });

  it('takes times typed as m:ss or h:mm:ss, and says what is wrong with them (spec §5)', async () => {
    const posts = vi.fn();
    await renderClipAction({ player: { range: { start: 0, end: 600 } }, routes: { 'POST /clip': posts } });
    const { user, dialog } = await openEditor();
    const startField = within(dialog).getByLabelText(/^Start/);
    const endField = within(dialog).getByLabelText(/^End/);
    await user.clear(startField);
    await user.type(startField, '9:50');
    await user.clear(endField);
    await user.type(endField, '0:10:01');
    // The marks follow what is typed.
    expect(within(dialog).getByRole('slider', { name: 'Clip start' })).toHaveAttribute('aria-valuetext', '9:50');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    expect(endField).toHaveAccessibleDescription(/Your clip duration is longer than the end time/);
    expect(endField).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Clip name' })).toHaveAccessibleDescription('Please fill in the input field.');
    expect(within(dialog).getByRole('combobox', { name: 'Tag' })).toHaveAccessibleDescription('Please select tag');
    await user.clear(startField);
    await user.type(startField, '9 50');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    expect(startField).toHaveAccessibleDescription(/Enter a time as m:ss or h:mm:ss\./);
    await user.clear(startField);
    await user.type(startField, '5:00');
    await user.clear(endField);
    await user.type(endField, '8:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    expect(endField).toHaveAccessibleDescription(/A clip lasts at most 120 seconds\./);
    expect(posts).not.toHaveBeenCalled();
  });

  it('shows a refusal of the server at the field it names', async () => {
    await renderClipAction({
      routes: { 'POST /clip': () => ({ status: 422, json: { message: 'Your clip duration is longer than the end time', field: 'duration', code: CLIP_REFUSAL_CODES.durationTooLong } }) },
    });
    const { user, dialog } = await openEditor();
    await user.type(within(dialog).getByRole('textbox', { name: 'Clip name' }), 'Late goal');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Goal');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^End/)).toHaveAccessibleDescription(/Your clip duration is longer than the end time/));
  });

  it('previews the selection in the player and stops at its end', async () => {
    const { player } = await renderClipAction({ player: { currentTime: 200 } });
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(player.calls).toEqual(['seek 170', 'play']);
    expect(within(dialog).getByRole('button', { name: 'Stop preview' })).toHaveAttribute('aria-pressed', 'true');
    act(() => player.advanceTo(185));
    expect(player.paused()).toBe(false);
    act(() => player.advanceTo(200));
    expect(player.paused()).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('while live', () => {
  // The live window is 10 minutes; its media time 0 is 5 minutes into the game on the wall clock.
  const live = {
    event: gameEvent({ stream_status: 'live', stream: { url: '/media/live/7/index.m3u8', kind: 'hls', live: true, expires_in: 120 } }),
    player: { live: true, range: { start: 0, end: 600 }, currentTime: 590, clockStart: new Date((KICK_OFF + 300) * 1000) },
  };

  it('clips the last 30 seconds in one press, from the live edge on the wall clock', async () => {
    const bodies: CreateClipBody[] = [];
    await renderClipAction({
      ...live,
      routes: {
        'POST /clip': (request) => {
          bodies.push(request.body as CreateClipBody);
          return { json: { data: clip({ live: true, name: 'Live moment at 12:15 PM' }) } };
        },
        'GET /clips/event/7': () => ({ json: { data: [clip({ live: true, status: 'processing', name: 'Live moment at 12:15 PM' })], meta: { total: 1, offset: 0, limit: 24 } } }),
      },
    });
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Clip the last 30 seconds' }));
    // The edge is 300 + 600 s after kick-off: the clip starts 870 s in and lasts 30 s.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Live moment at 12:15 PM/);
    expect(bodies).toEqual([{ api_key: TEST_SESSION_KEY, event_id: 7, name: 'Live moment at 12:15 PM', start_time: 870, duration: 30, tags: ['goal'] }]);
  });

  it('shows the marks as time into the game', async () => {
    await renderClipAction(live);
    const { dialog } = await openEditor();
    expect(within(dialog).getByRole('slider', { name: 'Clip end' })).toHaveAttribute('aria-valuetext', '14:50');
    expect(within(dialog).getByRole('slider', { name: 'Clip start' })).toHaveAttribute('aria-valuetext', '14:20');
  });

  it('says so while the stream tells no time, and offers the clip once it does', async () => {
    const { player } = await renderClipAction({ ...live, player: { ...live.player, clockStart: null } });
    const { dialog } = await openEditor();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This live stream does not tell the time yet');
    act(() => player.setClock(new Date((KICK_OFF + 300) * 1000)));
    expect(await within(dialog).findByRole('button', { name: 'Clip the last 30 seconds' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/does not tell the time yet/)).toBeNull();
  });
});

describe('after sending (spec §4 clip lifecycle)', () => {
  it('follows the clip to ready without reloading, asking every 2 s and no more once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = ['queued', 'processing', 'ready'] as const;
    let asked = 0;
    const { api } = await renderClipAction({
      routes: {
        'POST /clip': () => ({ json: { data: clip() } }),
        'GET /clips/event/7': () => {
          const status = answers[Math.min(asked, answers.length - 1)] ?? 'ready';
          asked += 1;
          return { json: { data: [clip({ status, ...(status === 'ready' ? { stream_url: '/media/clips/demo/x/index.m3u8' } : {}) })], meta: { total: 1, offset: 0, limit: 24 } } };
        },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Clip' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('slider', { name: 'Clip start' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Clip name' }), 'Top corner');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Goal');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your clip "Top corner" is waiting to be cut…');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Your clip "Top corner" is being cut…'));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Your clip "Top corner" is ready.'));
    expect(within(dialog).getByRole('link', { name: 'Play the clip' })).toHaveAttribute('href', '/share/7/4f7c2a2e-8d1b-4c51-9a55-0c2f3e1d9b60');
    expect(within(dialog).getByRole('link', { name: 'My clips' })).toHaveAttribute('href', '/profile/clips');
    const polls = api.calls.filter((call) => call.path === '/api/clips/event/7').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.calls.filter((call) => call.path === '/api/clips/event/7')).toHaveLength(polls);
  });

  it('says why a clip failed, and lets the viewer clip another moment', async () => {
    await renderClipAction({
      routes: {
        'POST /clip': () => ({ json: { data: clip() } }),
        'GET /clips/event/7': () => ({
          json: { data: [clip({ status: 'failed', failure_reason: 'The recording has no picture at that moment. Pick another.' })], meta: { total: 1, offset: 0, limit: 24 } },
        }),
      },
    });
    const { user, dialog } = await openEditor();
    await user.type(within(dialog).getByRole('textbox', { name: 'Clip name' }), 'Top corner');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Goal');
    await user.click(within(dialog).getByRole('button', { name: 'Create clip' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Your clip "Top corner" could not be made: The recording has no picture at that moment. Pick another.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Clip another moment' }));
    expect(within(dialog).getByRole('textbox', { name: 'Clip name' })).toBeInTheDocument();
  });
});

describe('who cannot clip (spec §6)', () => {
  it('tells a visitor why and leads to the login page, which brings them back here', async () => {
    const { container } = await renderClipAction({
      user: null,
      loginPath: '/login',
      routes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'login', clips_left: null }) } }) },
    });
    const { dialog } = await openEditor();
    expect(await within(dialog).findByText('Log in to clip moments of this game and share them.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByRole('slider')).toBeNull();
    expect(await axe(container.ownerDocument.body)).toHaveNoViolations();
  });

  it('tells a viewer without the capability, and one without clips left where to free one', async () => {
    await renderClipAction({ routes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'capability' }) } }) } });
    let { dialog } = await openEditor();
    expect(await within(dialog).findByText('Your account cannot cut clips on this channel.')).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');

    document.body.innerHTML = '';
    await renderClipAction({ routes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'limit', clips_left: 0 }) } }) } });
    ({ dialog } = await openEditor());
    expect(await within(dialog).findByText('You have no clips left. Delete one of your clips to cut another.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'My clips' })).toHaveAttribute('href', '/profile/clips');
  });

  it('asks a viewer whose address is not confirmed to confirm it', async () => {
    await renderClipAction({ routes: { 'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'email' }) } }) } });
    const { dialog } = await openEditor();
    expect(await within(dialog).findByText('Confirm your email address to clip moments of this game: follow the link we emailed you.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create clip' })).toBeNull();
  });
});

describe('in French', () => {
  it('speaks French', async () => {
    await renderClipAction({
      language: 'fr',
      event: gameEvent({ stream_status: 'live', stream: { url: '/media/live/7/index.m3u8', kind: 'hls', live: true, expires_in: 120 } }),
      player: { live: true, range: { start: 0, end: 600 }, currentTime: 590, clockStart: new Date((KICK_OFF + 300) * 1000) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faire un clip' });
    expect(await within(dialog).findByRole('button', { name: 'Clip des 30 dernières secondes' })).toBeInTheDocument();
    expect(within(dialog).getByText('4 clips restants')).toBeInTheDocument();
  });

  /** Opens the French editor on demand and sends a clip named Top corner. */
  async function sendInFrench(routes: RenderClipActionOptions['routes']) {
    await renderClipAction({ language: 'fr', routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faire un clip' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Nom du clip' }), 'Top corner');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Étiquette' }), 'Goal');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le clip' }));
    return dialog;
  }

  it('gives a refusal of the server in French, not in the server’s English', async () => {
    const dialog = await sendInFrench({
      'POST /clip': () => ({ status: 403, json: { message: CLIP_REFUSALS.clipsLimit, field: 'clips', code: CLIP_REFUSAL_CODES.clipsLimit } }),
    });
    expect(await within(dialog).findByText('Vous n’avez plus de clips. Supprimez l’un de vos clips pour en faire un autre.')).toBeInTheDocument();
    expect(within(dialog).queryByText(CLIP_REFUSALS.clipsLimit)).toBeNull();
  });

  // Every refusal of POST /clip the editor has a text for, by its code alone: the server's words
  // here are none of the site's, so only the code can find the French text.
  it.each(EDITOR_REFUSAL_KEYS)('shows the %s refusal in French by its code', async (refusal) => {
    const field = SERVER_FIELDS[refusal] ?? 'request';
    const dialog = await sendInFrench({ 'POST /clip': () => ({ status: 422, json: { message: 'Words the site does not know.', field, code: CLIP_REFUSAL_CODES[refusal] } }) });
    const key = clipMessageKey({ code: CLIP_REFUSAL_CODES[refusal] });
    expect(key).not.toBeNull();
    const french = frenchText(key!);
    expect(french).not.toBe(englishText(key!));
    expect(await within(dialog).findByText(french)).toBeInTheDocument();
    expect(within(dialog).queryByText('Words the site does not know.')).toBeNull();
  });

  it('says in French why a clip failed', async () => {
    const dialog = await sendInFrench({
      'POST /clip': () => ({ json: { data: clip() } }),
      'GET /clips/event/7': () => ({ json: { data: [clip({ status: 'failed', failure_reason: CLIP_FAILURES.tooLong })], meta: { total: 1, offset: 0, limit: 24 } } }),
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Votre clip « Top corner » n’a pas pu être créé : La coupe de ce clip a pris trop de temps. Veuillez réessayer.'),
    );
  });
});
