import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, today } from '../days.ts';
import { LazyScheduleView } from '../lazyViews.tsx';
import { event, EVENING, eventsFrom, matchup } from '../test/fixtures.ts';
import { renderRoute } from '../test/renderRoute.tsx';

const location = () => screen.getByTestId('location').textContent ?? '';
const many = (count: number, status: 'finished' | 'upcoming' | 'live' = 'finished') =>
  Array.from({ length: count }, (_, index) => event({ id: 1000 + index, name: `Replay ${index + 1}`, stream_status: status }));

describe('events listing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the listing’s status with the URL’s query keys, and applies a chosen filter to the request and the URL', async () => {
    const user = userEvent.setup();
    const { container, eventCalls } = await renderRoute('/vod?sport=hockey&school=northfield-high', {
      routes: { 'GET /events': eventsFrom({ finished: [event({ id: 5, name: 'Winter Classic', stream_status: 'finished' })] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'On demand' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Winter Classic' })).toHaveAttribute('href', '/watch/5');
    expect(eventCalls().at(-1)).toMatchObject({ stream_status: 'finished', sport: 'hockey', school: 'northfield-high', offset: '0', limit: '24' });
    // The school from the link shows by its name and can be removed.
    expect(await screen.findByText('School: Northfield High')).toBeVisible();

    const gender = screen.getByRole('combobox', { name: 'Gender' });
    expect(within(gender).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Men', 'Women']);
    await user.selectOptions(gender, 'Women');
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ gender: 'W', sport: 'hockey', school: 'northfield-high' }));
    expect(location()).toContain('gender=W');

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Riverside');
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ city: 'Riverside', gender: 'W' }));

    await user.click(screen.getByRole('button', { name: 'Remove filter School: Northfield High' }));
    await waitFor(() => expect(eventCalls().at(-1)).not.toHaveProperty('school'));
    expect(location()).not.toContain('school=');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('filters by venue, from the channel’s venues (spec §7 /events-locations, query key location)', async () => {
    const user = userEvent.setup();
    const venues = [
      { id: 7, name: 'Riverside Athletic Complex', city: 'Riverside', state: 'OH', country: 'US' },
      { id: 3, name: 'Lincoln Fieldhouse', city: 'Northfield', state: 'OH', country: 'US' },
    ];
    const { container, eventCalls, server } = await renderRoute('/upcoming', { routes: { 'GET /events-locations': () => ({ json: { data: venues } }) } });
    const venue = await screen.findByRole('combobox', { name: 'Venue' });
    expect(server.calls.some((call) => call.path === '/api/events-locations')).toBe(true);
    // The select draws at once with "All"; the venues join it once their answer is in.
    await waitFor(() => expect(within(venue).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Lincoln Fieldhouse (Northfield)', 'Riverside Athletic Complex (Riverside)']));
    await user.selectOptions(venue, 'Riverside Athletic Complex (Riverside)');
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ stream_status: 'upcoming', location: '7' }));
    expect(location()).toContain('location=7');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('leaves a venue that is no id out of the request, and names the filter in French', async () => {
    const { eventCalls } = await renderRoute('/upcoming?location=nowhere', {
      language: 'fr',
      routes: { 'GET /events-locations': () => ({ json: { data: [{ id: 3, name: 'Aréna de la Rivière-du-Nord', city: 'Saint-Jérôme', state: 'QC', country: 'CA' }] } }) },
    });
    expect(await screen.findByRole('combobox', { name: 'Lieu' })).toBeVisible();
    await waitFor(() => expect(eventCalls().length).toBeGreaterThan(0));
    expect(eventCalls().at(-1)).not.toHaveProperty('location');
  });

  it('offers the sports of the categories tree and the group properties', async () => {
    await renderRoute('/live');
    const sport = await screen.findByRole('combobox', { name: 'Sport' });
    await waitFor(() => expect(within(sport).getAllByRole('option')).toHaveLength(5));
    const labels = within(sport)
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(labels).toEqual(['All', 'Hockey', 'Ice hockey', 'Basketball', 'Curling']);
  });

  it('says when nothing matches and clears the filters as its way out', async () => {
    const user = userEvent.setup();
    const { container, eventCalls } = await renderRoute('/upcoming?sport=curling&gender=M&layout=list', {
      routes: { 'GET /events': (request) => eventsFrom({ upcoming: request.query.sport ? [] : [matchup] })(request) },
    });
    expect(await screen.findByRole('heading', { name: 'No events match these filters' })).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
    // Both the empty state and the filter bar clear; the empty state's is the first.
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(eventCalls().at(-1)).not.toHaveProperty('sport');
    expect(eventCalls().at(-1)).not.toHaveProperty('gender');
    // The layout is not a filter: it stays.
    expect(location()).toBe('/upcoming?layout=list');
  });

  it('pages through meta.total with page numbers kept in the URL', async () => {
    const user = userEvent.setup();
    const { eventCalls } = await renderRoute('/vod', { routes: { 'GET /events': eventsFrom({ finished: many(30) }) } });
    expect(await screen.findByText('30 events')).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Replay 25' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(eventCalls().at(-1)).toMatchObject({ offset: '24', limit: '24' });
    expect(location()).toBe('/vod?page=2');
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches between grid and list, cards and table, remembered in the URL', async () => {
    const user = userEvent.setup();
    const { container } = await renderRoute('/live', {
      routes: { 'GET /events': eventsFrom({ live: [{ ...matchup, stream_status: 'live' }] }) },
    });
    await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' });
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(location()).toBe('/live?layout=list');
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Table' }));
    expect(location()).toBe('/live?layout=list&view=table');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = within(table).getByRole('row', { name: /Northfield Eagles @ Riverside Lions/ });
    expect(within(row).getByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toHaveAttribute('href', '/watch/1');
    expect(within(row).getByText('Nov 21 · 7:30 PM CST')).toBeVisible();
    expect(within(row).getByText('Live')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a failed listing with a retry that loads it', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderRoute('/upcoming', {
      routes: { 'GET /events': (request) => (fail ? { status: 500, json: { message: 'Server Error' } } : eventsFrom({ upcoming: [matchup] })(request)) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The events could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
  });

  it('shows skeletons while the first page loads', async () => {
    let answer: (() => void) | undefined;
    await renderRoute('/upcoming', {
      routes: {
        'GET /events': (request) =>
          new Promise((resolve) => {
            answer = () => resolve(eventsFrom({ upcoming: [matchup] })(request) as { json: unknown });
          }),
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading events…' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading events…' })).toBeNull();
  });

  it('/schedule is the upcoming page (spec §2): every upcoming event, no day, the URL’s team kept and named with its follow control', async () => {
    const { eventCalls } = await renderRoute('/schedule?team=nf-eagles', { follow: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ stream_status: 'upcoming', team: 'nf-eagles' }));
    // A team's schedule link says whose schedule it is, and lets the viewer follow the team from it.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Northfield Eagles' });
    expect(within(heading.parentElement!).getByRole('button', { name: 'Follow Northfield Eagles' })).toBeVisible();
    // One control for one thing: the team's filter chip leaves its follow control to the heading.
    const chip = screen.getByText('Team: Northfield Eagles').parentElement!;
    expect(within(chip).queryByRole('button', { name: 'Follow Northfield Eagles' })).toBeNull();
    expect(eventCalls().at(-1)).not.toHaveProperty('start_date');
    expect(eventCalls().at(-1)).not.toHaveProperty('end_date');
    expect(screen.queryByRole('group', { name: 'Choose a day' })).toBeNull();
  });

  it('a channel page’s schedule: starts today and moves a day at a time, each day setting start_date and end_date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 10, 21, 9, 0));
    const user = userEvent.setup();
    // The day view is the channel pages' (spec §2: each page shows the shared schedule view).
    const { container, eventCalls } = await renderRoute('/about-us?sport=hockey', { extraRoutes: [{ path: 'about-us', element: <LazyScheduleView /> }] });
    const first = today();
    expect(first).toBe('2025-11-21');
    expect(await screen.findByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ stream_status: 'upcoming', start_date: first, end_date: first, sport: 'hockey' }));
    const calendar = screen.getByRole('group', { name: 'Choose a day' });
    expect(within(calendar).getByRole('button', { name: 'Previous day' })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /Today/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(calendar).getByRole('button', { name: 'Next day' }));
    const next = addDays(first, 1);
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ start_date: next, end_date: next, sport: 'hockey' }));
    expect(location()).toBe(`/about-us?sport=hockey&date=${next}`);
    expect(within(calendar).getByRole('button', { name: /Nov 22/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(calendar).getByRole('button', { name: /Nov 25/ }));
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ start_date: '2025-11-25', end_date: '2025-11-25' }));
    await user.click(within(calendar).getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(eventCalls().at(-1)).toMatchObject({ start_date: '2025-11-24' }));
    await user.click(within(calendar).getByRole('button', { name: 'Today' }));
    // Today's page is still in the store (spec §9: 60 s): it shows again without a request.
    await waitFor(() => expect(location()).toBe(`/about-us?sport=hockey&date=${first}`));
    expect(within(calendar).getByRole('button', { name: /Today/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the texts in French', async () => {
    await renderRoute('/vod', { language: 'fr', routes: { 'GET /events': eventsFrom({ finished: [event({ id: 9, name: 'Finale', event_utc_ts: EVENING, stream_status: 'finished' })] }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'À la demande' })).toBeVisible();
    expect(await screen.findByText('Gratuit')).toBeVisible();
    expect(within(screen.getByRole('combobox', { name: 'Genre' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Tous', 'Hommes', 'Femmes']);
  });

  it('marks a cancelled event’s card as cancelled in place of its price and live mark, in English and French', async () => {
    const called = event({ id: 12, name: 'Called off', access_type: 'paid', base_price: 9.99, has_access: false, stream_status: 'live', cancelled: true });
    const { container } = await renderRoute('/live', { routes: { 'GET /events': eventsFrom({ live: [called] }) } });
    const card = (await screen.findByRole('link', { name: 'Called off' })).closest('article') ?? container;
    expect(within(card as HTMLElement).getByText('Cancelled')).toBeVisible();
    expect(within(card as HTMLElement).queryByText('$9.99')).toBeNull();
    expect(within(card as HTMLElement).queryByText('Live')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('marks a cancelled event’s card in French', async () => {
    await renderRoute('/live', { language: 'fr', routes: { 'GET /events': eventsFrom({ live: [event({ id: 12, name: 'Annulé ce soir', cancelled: true })] }) } });
    expect(await screen.findByText('Annulé')).toBeVisible();
  });
});
