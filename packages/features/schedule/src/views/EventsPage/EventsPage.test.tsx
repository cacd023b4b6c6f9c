import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleEvent, scheduleApi } from '../../test/fixtures.ts';
import { renderSchedule } from '../../test/renderSchedule.tsx';

const paid = consoleEvent({
  id: 502,
  name: 'Season final',
  customName: true,
  homeTeam: null,
  awayTeam: null,
  school: null,
  venue: null,
  accessType: 'paid',
  price: 12.5,
  serviceFee: 1.5,
  prerolls: false,
  published: false,
  startsAt: '2026-10-01T17:30:00.000Z',
  localStartsAt: '2026-10-01T19:30',
  timeZone: 'Europe/Paris',
});

describe('EventsPage', () => {
  it('lists each event with its start on its own clock, what and where, its state, access and actions', async () => {
    const { routes } = scheduleApi([consoleEvent(), paid]);
    const { container } = await renderSchedule({ routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const game = await screen.findByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' });
    expect(within(game).getByText('Sep 12, 2026, 7:00 PM CDT')).toHaveAttribute('datetime', '2026-09-13T00:00:00.000Z');
    expect(within(game).getByText('Basketball · Falcon Gym · Northfield High')).toBeInTheDocument();
    expect(within(game).getByText('Upcoming')).toBeInTheDocument();
    expect(within(game).getByText('Free')).toBeInTheDocument();
    expect(within(game).getByRole('button', { name: 'Unpublish Lakeside Otters @ Northfield Falcons' })).toBeInTheDocument();
    expect(within(game).getByRole('link', { name: 'Edit Lakeside Otters @ Northfield Falcons' })).toHaveAttribute('href', '/events/501');
    expect(within(game).getByRole('link', { name: 'Reschedule Lakeside Otters @ Northfield Falcons' })).toHaveAttribute('href', '/events/501/reschedule');

    const final = screen.getByRole('listitem', { name: 'Season final' });
    expect(within(final).getByText('Oct 1, 2026, 7:30 PM GMT+2')).toBeInTheDocument();
    expect(within(final).getByText('Unpublished')).toBeInTheDocument();
    expect(within(final).getByText('Paid · $12.50')).toBeInTheDocument();
    expect(within(final).getByText('No prerolls')).toBeInTheDocument();
    expect(within(final).getByRole('button', { name: 'Publish Season final' })).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New event' })).toHaveAttribute('href', '/events/new');
    expect(screen.getByRole('link', { name: 'Import a season' })).toHaveAttribute('href', '/events/import');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('filters by status and searches, keeping both in the address, and offers a way back from an empty list', async () => {
    const user = userEvent.setup();
    const { routes } = scheduleApi([consoleEvent(), paid]);
    const { api, where, container } = await renderSchedule({ routes });
    await screen.findByRole('listitem', { name: 'Season final' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Unpublished');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Season final' })).toBeInTheDocument();
    expect(where()).toBe('/events?status=unpublished');
    expect(api.calls.at(-1)?.query).toMatchObject({ status: 'unpublished' });

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'derby');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No events match “derby”' })).toBeInTheDocument();
    expect(where()).toBe('/events?status=unpublished&q=derby');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Show all events' }));
    expect(await screen.findByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' })).toBeInTheDocument();
    expect(where()).toBe('/events');
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { routes } = scheduleApi([consoleEvent()]);
    const list = routes['GET /console/events']!;
    await renderSchedule({ routes: { ...routes, 'GET /console/events': (request) => (fail ? { status: 500, json: { message: 'down' } } : list(request)) } });

    expect(await screen.findByRole('alert')).toHaveTextContent('The events could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' })).toBeInTheDocument();
  });

  it('offers no reschedule or cancel for a finished event, only edit, its live control (its recording) and unpublish', async () => {
    const { routes } = scheduleApi([consoleEvent({ streamStatus: 'finished' })]);
    await renderSchedule({ routes });
    const game = await screen.findByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' });
    expect(within(game).getAllByRole('link').map((link) => link.textContent)).toEqual(['EditEdit Lakeside Otters @ Northfield Falcons', 'LiveLive control of Lakeside Otters @ Northfield Falcons']);
    expect(within(game).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Unpublish Lakeside Otters @ Northfield Falcons']);
  });

  it('shows support the events without any action that changes them', async () => {
    const { routes } = scheduleApi([consoleEvent()]);
    await renderSchedule({ routes, role: 'support' });
    const game = await screen.findByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' });
    expect(within(game).queryByRole('button')).toBeNull();
    expect(within(game).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
  });

  it('cancels an event only once confirmed, then shows it cancelled without its actions', async () => {
    const user = userEvent.setup();
    const { routes, sent } = scheduleApi([consoleEvent()]);
    await renderSchedule({ routes });
    const cancel = await screen.findByRole('button', { name: 'Cancel Lakeside Otters @ Northfield Falcons' });

    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel “Lakeside Otters @ Northfield Falcons”?' });
    expect(dialog).toHaveAccessibleDescription(/can no longer watch or buy it/);
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);

    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Cancel the event' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('“Lakeside Otters @ Northfield Falcons” is cancelled.');
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/console/events/501/cancel']);
    const game = screen.getByRole('listitem', { name: 'Lakeside Otters @ Northfield Falcons' });
    await waitFor(() => expect(within(game).getByText('Cancelled')).toBeInTheDocument());
    expect(within(game).queryByRole('button')).toBeNull();
  });

  it('publishes an unpublished event after asking, in French', async () => {
    const user = userEvent.setup();
    const { routes, sent } = scheduleApi([paid]);
    await renderSchedule({ routes, language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Publier Season final' }));
    expect(screen.getByRole('dialog', { name: 'Publier « Season final » ?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(screen.getByText('« Season final » est publié.')).toBeInTheDocument());
    expect(sent[0]?.path).toBe('/api/console/events/502/publish');
    expect(await screen.findByRole('button', { name: 'Dépublier Season final' })).toBeInTheDocument();
  });
});
