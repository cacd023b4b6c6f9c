import type { FakeHandler } from '@grandstand/api-client/testing';
import type { EventDetail, ViewerPoll } from '@grandstand/contract';
import { testUser } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { matchup } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/renderRoute.tsx';

const live: EventDetail = { ...matchup, description: null, category: null, location: null, stream_status: 'live', access: { allowed: true, geo_blocked: false, options: [] }, stream: null };

function poll(overrides: Partial<ViewerPoll> = {}): ViewerPoll {
  return {
    id: 7,
    event_id: live.id,
    question: 'Who wins tonight?',
    status: 'open',
    answers: [
      { index: 0, label: 'Eagles', votes: 3 },
      { index: 1, label: 'Lions', votes: 1 },
    ],
    total_votes: 4,
    my_answer: null,
    ...overrides,
  };
}

function renderPoll(routes: Record<string, FakeHandler>, options: { loggedIn?: boolean; language?: string } = {}) {
  return renderRoute(`/watch/${live.id}`, {
    watch: true,
    routes: { [`GET /events/${live.id}`]: () => ({ json: { data: live } }), ...routes },
    ...(options.loggedIn ? { user: testUser() } : {}),
    ...(options.language ? { language: options.language } : {}),
  });
}

describe('the poll beside the player', () => {
  it('lets a logged-in viewer vote once and then shows the results with their answer', async () => {
    const { container, server } = await renderPoll(
      {
        [`GET /events/${live.id}/poll`]: () => ({ json: { data: poll() } }),
        'POST /polls/7/vote': () => ({ json: { data: poll({ my_answer: 1, total_votes: 5, answers: [{ index: 0, label: 'Eagles', votes: 3 }, { index: 1, label: 'Lions', votes: 2 }] }) } }),
      },
      { loggedIn: true },
    );
    const card = await screen.findByRole('region', { name: 'Poll' });
    expect(within(card).getByText('Who wins tonight?')).toBeInTheDocument();
    const choices = within(card).getByRole('group', { name: 'Who wins tonight?' });
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(within(choices).getByRole('button', { name: 'Lions' }));
    expect(await within(card).findByText('5 votes')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Lions' })).toBeNull();
    expect(within(card).getByText(/your answer/)).toBeInTheDocument();
    expect(within(card).getByText('40 %')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/polls/7/vote')?.body).toMatchObject({ answer: 1 });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a visitor the results and asks them to log in', async () => {
    await renderPoll({ [`GET /events/${live.id}/poll`]: () => ({ json: { data: poll() } }) });
    const card = await screen.findByRole('region', { name: 'Poll' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Log in to vote' })).toHaveAttribute('href', `/login?event_id=${live.id}`);
    expect(within(card).getByText('75 %')).toBeInTheDocument();
  });

  it('says in French that a closed poll has its final results', async () => {
    await renderPoll({ [`GET /events/${live.id}/poll`]: () => ({ json: { data: poll({ status: 'closed', my_answer: 0 }) } }) }, { loggedIn: true, language: 'fr' });
    const card = await screen.findByRole('region', { name: 'Sondage' });
    expect(within(card).getByText('Terminé : résultats finaux')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByText(/votre réponse/)).toBeInTheDocument();
  });

  it('names the refusal of a vote on a poll closed meanwhile', async () => {
    await renderPoll(
      {
        [`GET /events/${live.id}/poll`]: () => ({ json: { data: poll() } }),
        'POST /polls/7/vote': () => ({ status: 409, json: { message: 'This poll is closed.', field: 'id', code: 'POLL_CLOSED' } }),
      },
      { loggedIn: true },
    );
    const card = await screen.findByRole('region', { name: 'Poll' });
    await userEvent.click(within(card).getByRole('button', { name: 'Eagles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your vote was not counted: This poll is closed.');
  });

  it('shows nothing when the event has no poll', async () => {
    await renderPoll({ [`GET /events/${live.id}/poll`]: () => ({ json: { data: null } }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Poll' })).toBeNull();
  });
});
