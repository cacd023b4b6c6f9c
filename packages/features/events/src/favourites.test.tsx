import type { FakeHandler } from '@grandstand/api-client/testing';
import type { EventDetail } from '@grandstand/contract';
import { baseApi } from '@grandstand/store';
import { testUser } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyScheduleView } from './lazyViews.tsx';
import { event, eventsFrom, matchup } from './test/fixtures.ts';
import { renderRoute } from './test/renderRoute.tsx';
import { myTeamsEmptyKey } from './views/HomeView.tsx';

const viewer = testUser({ first_name: 'Ada' });
const location = () => screen.getByTestId('location').textContent ?? '';
/** The follow control a site gave for one team, school or sport: which kind and id it was told. */
const followOf = (button: HTMLElement) => button.getAttribute('data-follow');

const favourites = {
  live: [event({ id: 31, name: 'Eagles live', stream_status: 'live' })],
  upcoming: [event({ id: 32, name: 'Eagles next week' }), event({ id: 33, name: 'Hawks opener' })],
  finished: [event({ id: 34, name: 'Eagles last night', stream_status: 'finished' })],
};

describe('follow controls in the events views', () => {
  it('puts one beside each team of a card, outside its links, and none when the site has no favourites', async () => {
    const routes = { 'GET /events': eventsFrom({ live: [{ ...matchup, stream_status: 'live' }] }) };
    const { container } = await renderRoute('/live', { routes, follow: true });
    const card = await screen.findByRole('article');
    const eagles = within(card).getByRole('button', { name: 'Follow Northfield Eagles' });
    expect(followOf(eagles)).toBe('participant:11');
    expect(eagles.getAttribute('data-size')).toBe('sm');
    expect(followOf(within(card).getByRole('button', { name: 'Follow Riverside Lions' }))).toBe('participant:21');
    // A control inside a link would be a button within a link: pressing it would also follow the link.
    expect(eagles.closest('a')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Northfield Eagles' })).toHaveAttribute('href', '/schedule?team=nf-eagles');
    await userEvent.click(eagles);
    expect(within(card).getByRole('button', { name: 'Unfollow Northfield Eagles' })).toHaveAttribute('aria-pressed', 'true');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows nothing in their place when the site gives no follow control', async () => {
    await renderRoute('/live', { routes: { 'GET /events': eventsFrom({ live: [{ ...matchup, stream_status: 'live' }] }) } });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Northfield Eagles' })).toBeVisible();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('follows the watch page’s teams, sport and schools', async () => {
    const detail: EventDetail = {
      ...matchup,
      description: null,
      category: { id: 100, name: 'Hockey', alias: 'hockey' },
      location: null,
      access: { allowed: true, geo_blocked: false, options: [] },
      stream: null,
    };
    const { container } = await renderRoute('/watch/1', { routes: { 'GET /events/1': () => ({ json: { data: detail } }) }, watch: true, follow: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(followOf(screen.getByRole('button', { name: 'Follow Hockey' }))).toBe('category:100');
    expect(followOf(screen.getByRole('button', { name: 'Follow Riverside Lions' }))).toBe('participant:21');
    expect(followOf(screen.getByRole('button', { name: 'Follow Northfield Eagles' }))).toBe('participant:11');
    // The schools of both teams, found from the teams (the event names no school).
    expect(followOf(await screen.findByRole('button', { name: 'Follow Northfield High' }))).toBe('group:1');
    expect(followOf(screen.getByRole('button', { name: 'Follow Riverside Academy' }))).toBe('group:2');
    expect(screen.getByRole('link', { name: 'Riverside Academy' })).toHaveAttribute('href', '/?school=Riverside+Academy');
    expect(screen.getByText('Schools')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('follows a school from its home page, and each of its teams', async () => {
    const { container } = await renderRoute('/?school=northfield-high', { follow: true });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Northfield High' });
    const school = screen.getByRole('button', { name: 'Follow Northfield High' });
    expect(followOf(school)).toBe('group:1');
    expect(school.getAttribute('data-size')).toBe('md');
    expect(heading.parentElement).toContainElement(school);
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(followOf(within(teams).getByRole('button', { name: 'Follow Northfield Hawks' }))).toBe('participant:12');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('follows the home’s schools and sports, nested sports too', async () => {
    const { container } = await renderRoute('/', { follow: true });
    const schools = await screen.findByRole('region', { name: 'Schools' });
    expect(followOf(within(schools).getByRole('button', { name: 'Follow Riverside Academy' }))).toBe('group:2');
    const sports = screen.getByRole('region', { name: 'Sports' });
    expect(followOf(within(sports).getByRole('button', { name: 'Follow Hockey' }))).toBe('category:100');
    expect(followOf(within(sports).getByRole('button', { name: 'Follow Ice hockey' }))).toBe('category:101');
    expect(within(sports).getByRole('button', { name: 'Follow Ice hockey' }).closest('a')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('a team’s schedule link (the upcoming page, spec §2) follows the team from its chip and the sport beside its list', async () => {
    const { container } = await renderRoute('/schedule?team=nf-eagles&sport=ice-hockey', { follow: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
    expect(await screen.findByText('Team: Northfield Eagles')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Follow Northfield Eagles' }).map(followOf)).toEqual(['participant:11']);
    expect(screen.getAllByRole('button', { name: 'Follow Ice hockey' }).map(followOf)).toEqual(['category:101']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('names the team a channel page’s schedule is narrowed to in a heading with its control, and the chip then has none', async () => {
    const { container } = await renderRoute('/about-us?team=nf-eagles&sport=ice-hockey', {
      follow: true,
      extraRoutes: [{ path: 'about-us', element: <LazyScheduleView /> }],
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Northfield Eagles' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Ice hockey' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Follow Northfield Eagles' }).map(followOf)).toEqual(['participant:11']);
    expect(screen.getAllByRole('button', { name: 'Follow Ice hockey' }).map(followOf)).toEqual(['category:101']);
    expect(screen.getByText('Team: Northfield Eagles')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('names the team of a channel’s team page (its schedule under the page’s own title) one level down', async () => {
    await renderRoute('/teams/eagles?team=nf-eagles', {
      follow: true,
      extraRoutes: [
        {
          path: 'teams/eagles',
          element: (
            <>
              <h1>Eagles</h1>
              <Suspense>
                <LazyScheduleView />
              </Suspense>
            </>
          ),
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Northfield Eagles' })).toBeVisible();
    expect(followOf(screen.getByRole('button', { name: 'Follow Northfield Eagles' }))).toBe('participant:11');
  });

  it('puts controls beside the school and team chips and the chosen sport of a listing', async () => {
    const user = userEvent.setup();
    const { container } = await renderRoute('/vod?school=northfield-high&team=RS-LIONS', { follow: true });
    const filters = await screen.findByRole('search', { name: 'Filters' });
    const chip = (await within(filters).findByText('School: Northfield High')).closest('span')!;
    expect(followOf(within(chip).getByRole('button', { name: 'Follow Northfield High' }))).toBe('group:1');
    // A team named in any case by its alias is still that team.
    expect(followOf(within(filters).getByRole('button', { name: 'Follow Riverside Lions' }))).toBe('participant:21');
    expect(within(filters).queryByRole('button', { name: /Follow Hockey/ })).toBeNull();
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Sport' }), 'Hockey');
    expect(followOf(await within(filters).findByRole('button', { name: 'Follow Hockey' }))).toBe('category:100');
    // A sport of the group properties that is not a category of the channel cannot be followed.
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Sport' }), 'Curling');
    await waitFor(() => expect(location()).toContain('sport=Curling'));
    expect(within(filters).queryByRole('button', { name: /Follow Curling/ })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('"My teams" on the home', () => {
  const homeRoutes = (answer = eventsFrom(favourites)) => ({
    'GET /events': eventsFrom({ live: [], upcoming: [event({ id: 3, name: 'Spring opener' })], finished: [] }),
    'GET /events/favorite': answer,
  });

  it('is not there for a visitor, who asks for no favourite events', async () => {
    const { favoriteCalls } = await renderRoute('/', { routes: homeRoutes() });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await within(upcoming).findByRole('link', { name: 'Spring opener' });
    expect(screen.queryByRole('region', { name: 'My teams' })).toBeNull();
    expect(favoriteCalls()).toEqual([]);
  });

  it('shows a logged-in viewer their teams’ games: live first, then upcoming, then the latest replays', async () => {
    const { container, favoriteCalls } = await renderRoute('/', { routes: homeRoutes(), user: viewer });
    // While its code loads, a stand-in rail holds the place; the rail itself then takes it.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'My teams' })).getAllByRole('article')).toHaveLength(4));
    const rail = screen.getByRole('region', { name: 'My teams' });
    expect(within(rail).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Eagles live',
      'Eagles next week',
      'Hawks opener',
      'Eagles last night',
    ]);
    expect(within(rail).getByRole('link', { name: 'See all: My teams' })).toHaveAttribute('href', '/upcoming?mine=1');
    expect(favoriteCalls().map((call) => [call.stream_status, call.limit])).toEqual([
      ['live', '12'],
      ['upcoming', '12'],
      ['finished', '6'],
    ]);
    // The rail comes before the channel's own rails.
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(rail.compareDocumentPosition(upcoming) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('holds its place with skeleton cards while the games load', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = eventsFrom(favourites);
    const { favoriteCalls } = await renderRoute('/', {
      user: viewer,
      routes: homeRoutes(async (request) => {
        await held;
        return answer(request);
      }),
    });
    // The rail's own code is in (its requests are made) while its games are still on their way.
    await waitFor(() => expect(favoriteCalls()).toHaveLength(3));
    const rail = screen.getByRole('region', { name: 'My teams' });
    expect(rail).toHaveAttribute('aria-busy', 'true');
    expect(within(rail).queryAllByRole('article')).toHaveLength(0);
    expect(rail.querySelectorAll('[data-skeleton="true"]').length).toBeGreaterThan(0);
    release();
    expect(await within(rail).findAllByRole('article')).toHaveLength(4);
  });

  it('is absent for a viewer who follows nothing (or whose teams have no games)', async () => {
    const { favoriteCalls } = await renderRoute('/', { user: viewer, routes: homeRoutes(eventsFrom({})) });
    await waitFor(() => expect(favoriteCalls()).toHaveLength(3));
    await within(await screen.findByRole('region', { name: 'Upcoming' })).findByRole('link', { name: 'Spring opener' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My teams' })).toBeNull());
  });

  it('holds no place on the next visit of a viewer whose rail was empty, and shows up once they follow a team with games', async () => {
    let answer: FakeHandler = eventsFrom({});
    let release: () => void = () => {};
    const { favoriteCalls, navigate, store, client } = await renderRoute('/', { user: viewer, routes: homeRoutes((request) => answer(request)) });
    await waitFor(() => expect(client.storage.get(myTeamsEmptyKey(viewer.id))).toBe(true));
    expect(screen.queryByRole('region', { name: 'My teams' })).toBeNull();

    await act(() => navigate('/live'));
    // A later visit, its answers no longer in the store, and slow to come.
    store.dispatch(baseApi.util.resetApiState());
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = async (request) => {
      await held;
      return eventsFrom(favourites)(request);
    };
    await act(() => navigate('/'));
    await waitFor(() => expect(favoriteCalls()).toHaveLength(6));
    expect(screen.queryByRole('region', { name: 'My teams' })).toBeNull();
    release();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'My teams' })).getAllByRole('article')).toHaveLength(4));
    // It has games now: the next visit holds its place again.
    await waitFor(() => expect(client.storage.get(myTeamsEmptyKey(viewer.id))).toBeNull());
  });

  it('is absent when the server refuses the favourite events', async () => {
    const { favoriteCalls } = await renderRoute('/', {
      user: viewer,
      routes: homeRoutes(() => ({ status: 401, json: { message: 'user must be logged in' } })),
    });
    await waitFor(() => expect(favoriteCalls().length).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My teams' })).toBeNull());
  });
});

describe('the "My teams" filter of a listing', () => {
  it('is offered to a logged-in viewer only', async () => {
    await renderRoute('/upcoming', { routes: { 'GET /events': eventsFrom({ upcoming: [matchup] }) } });
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'My teams' })).toBeNull();
  });

  it('shows a visitor who opens a "My teams" link the whole listing', async () => {
    const { eventCalls, favoriteCalls } = await renderRoute('/upcoming?mine=1', { routes: { 'GET /events': eventsFrom({ upcoming: [matchup] }) } });
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(eventCalls()).toHaveLength(1);
    expect(favoriteCalls()).toEqual([]);
  });

  it('lists the viewer’s teams’ games in the URL’s status and page, the other filters off and saying why', async () => {
    const user = userEvent.setup();
    const { container, eventCalls, favoriteCalls } = await renderRoute('/vod?sport=hockey&school=northfield-high', {
      user: viewer,
      follow: true,
      routes: {
        'GET /events': eventsFrom({ finished: [event({ id: 5, name: 'Winter Classic', stream_status: 'finished' })] }),
        'GET /events/favorite': eventsFrom(favourites),
      },
    });
    expect(await screen.findByRole('link', { name: 'Winter Classic' })).toBeVisible();
    const mine = screen.getByRole('checkbox', { name: 'My teams' });
    expect(mine).not.toBeChecked();
    await user.click(mine);
    expect(await screen.findByRole('link', { name: 'Eagles last night' })).toBeVisible();
    expect(location()).toBe('/vod?sport=hockey&school=northfield-high&mine=1');
    expect(favoriteCalls()).toEqual([{ stream_status: 'finished', offset: '0', limit: '24', api_key: expect.any(String) }]);
    expect(eventCalls()).toHaveLength(1);
    expect(screen.getByText('1 event')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'My teams' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My teams' })).toHaveAccessibleDescription(/the other filters are off/);
    expect(screen.getByRole('combobox', { name: 'Sport' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Gender' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove filter School: Northfield High' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // The chips do not apply: no follow controls on them.
    expect(screen.queryByRole('button', { name: 'Follow Northfield High' })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();

    // Off again: the other filters are back as they were.
    await user.click(screen.getByRole('checkbox', { name: 'My teams' }));
    expect(await screen.findByRole('link', { name: 'Winter Classic' })).toBeVisible();
    expect(location()).toBe('/vod?sport=hockey&school=northfield-high');
    expect(screen.getByRole('combobox', { name: 'Sport' })).toBeEnabled();
  });

  it('keeps a channel page’s schedule day', async () => {
    const { favoriteCalls } = await renderRoute('/about-us?date=2099-01-05&mine=1', {
      user: viewer,
      routes: { 'GET /events/favorite': eventsFrom(favourites) },
      extraRoutes: [{ path: 'about-us', element: <LazyScheduleView /> }],
    });
    expect(await screen.findByRole('link', { name: 'Hawks opener' })).toBeVisible();
    expect(favoriteCalls().at(-1)).toMatchObject({ stream_status: 'upcoming', start_date: '2099-01-05', end_date: '2099-01-05' });
  });

  it('says how to follow a team when the viewer’s teams have nothing here, and leads back to every event', async () => {
    const user = userEvent.setup();
    const { container } = await renderRoute('/live?mine=1', {
      user: viewer,
      routes: { 'GET /events/favorite': eventsFrom({}), 'GET /events': eventsFrom({ live: [{ ...matchup, stream_status: 'live' }] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No games of your teams here' })).toBeVisible();
    expect(screen.getByText(/Follow a team, school or sport with the Follow button beside its name/)).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Show all events' }));
    expect(await screen.findByRole('link', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(location()).toBe('/live');
  });

  it('reads in French', async () => {
    await renderRoute('/live?mine=1', { language: 'fr', user: viewer, routes: { 'GET /events/favorite': eventsFrom({}) } });
    expect(await screen.findByRole('heading', { name: 'Aucun match de vos équipes ici' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Mes équipes' })).toBeChecked();
  });
});
