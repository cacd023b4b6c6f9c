import { axe } from '@grandstand/vitest-config/axe';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testPicture } from '@grandstand/contract/testing';
import { event, eventsFrom, matchup, slides } from '../test/fixtures.ts';
import { renderRoute } from '../test/renderRoute.tsx';

const live = [
  { ...matchup, stream_status: 'live' as const },
  event({ id: 2, name: 'Swim meet', stream_status: 'live', event_category_id: null }),
];
const upcoming = [event({ id: 3, name: 'Spring opener' }), event({ id: 4, name: 'Derby day' })];
const homeRoutes = {
  'GET /events': eventsFrom({ live, upcoming, finished: [] }),
  'GET /events-for-homepage': () => ({ json: { data: [event({ id: 7, name: 'Championship' })] } }),
};

describe('home', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(Element.prototype, 'scrollTo');
  });

  it('shows slides, the homepage events and the rails that have events, then schools and sports', async () => {
    const { container } = await renderRoute('/', { routes: homeRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Sports' })).toBeVisible();

    const featured = await screen.findByRole('region', { name: 'Featured' });
    expect(within(featured).getByRole('link', { name: /Finals week/ })).toHaveAttribute('href', '/watch/1');
    expect(await within(featured).findByRole('link', { name: 'Northfield High' })).toHaveAttribute('href', '/?school=northfield-high');
    expect(within(featured).getByRole('link', { name: 'Basketball' })).toHaveAttribute('href', '/schedule?sport=basketball');
    expect(within(featured).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', 'https://tickets.example.com/');

    expect(await screen.findByRole('link', { name: 'Championship' })).toHaveAttribute('href', '/watch/7');
    const liveRail = await screen.findByRole('region', { name: 'Live now' });
    expect(within(liveRail).getAllByRole('article')).toHaveLength(2);
    expect(within(liveRail).getAllByText('Live')).toHaveLength(2);
    expect(within(liveRail).getByRole('link', { name: 'See all: Live now' })).toHaveAttribute('href', '/live');
    const upcomingRail = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcomingRail).getByRole('link', { name: 'Spring opener' })).toHaveAttribute('href', '/watch/3');
    // No finished events: the On demand rail is not there at all.
    expect(screen.queryByRole('region', { name: 'On demand' })).toBeNull();

    const schools = screen.getByRole('region', { name: 'Schools' });
    expect(within(schools).getByRole('link', { name: 'Riverside Academy' })).toHaveAttribute('href', '/?school=Riverside+Academy');
    const sports = screen.getByRole('region', { name: 'Sports' });
    expect(within(sports).getByRole('link', { name: 'Ice hockey' })).toHaveAttribute('href', '/schedule?sport=ice-hockey');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('loads the hero\'s first picture first, and the first cards\' only on a home without slides', async () => {
    const hero = [{ ...slides[0]!, picture: testPicture({ kind: 'image', src: '/media/pictures/slides/1/abcdefghij-1024.jpg' }) }, ...slides.slice(1)];
    const withHero = await renderRoute('/', { routes: { ...homeRoutes, 'GET /slides/web': () => ({ json: { data: hero } }) } });
    const featured = await screen.findByRole('region', { name: 'Featured' });
    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    await within(highlights).findByRole('link', { name: 'Championship' });
    const first = [...document.querySelectorAll('img[fetchpriority="high"]')];
    expect(first).toHaveLength(1);
    expect(featured.contains(first[0]!)).toBe(true);
    withHero.unmount();

    await renderRoute('/', { routes: { ...homeRoutes, 'GET /slides/web': () => ({ json: { data: [] } }) } });
    const cards = await screen.findByRole('region', { name: 'Highlights' });
    await within(cards).findByRole('link', { name: 'Championship' });
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    expect(within(cards).getByRole('article').querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('writes two participants as "away @ home" and the time in the event’s own zone, with its links', async () => {
    const newYork = event({ id: 3, name: 'Spring opener', time_zone: 'America/New_York', access_type: 'paid', base_price: 9.99, has_access: false });
    await renderRoute('/', { routes: { ...homeRoutes, 'GET /events': eventsFrom({ live, upcoming: [newYork, event({ id: 4, name: 'Open day', access_type: 'register', has_access: false })] }) } });
    const liveRail = await screen.findByRole('region', { name: 'Live now' });
    // The rail holds its place with skeleton cards until the events are in.
    const card = (await within(liveRail).findAllByRole('article'))[0]!;
    expect(within(card).getByRole('heading', { name: 'Northfield Eagles @ Riverside Lions' })).toBeVisible();
    expect(within(card).getByText('Nov 21 · 7:30 PM CST')).toBeVisible();
    expect(within(card).getByText('Free')).toBeVisible();
    expect(await within(card).findByRole('link', { name: 'Northfield Eagles' })).toHaveAttribute('href', '/schedule?team=nf-eagles');
    expect(within(card).getByRole('link', { name: 'Riverside Lions' })).toHaveAttribute('href', '/schedule?team=rs-lions');
    expect(within(card).getByRole('link', { name: 'Hockey' })).toHaveAttribute('href', '/schedule?sport=hockey');
    expect(within(card).getByRole('link', { name: 'Northfield High' })).toHaveAttribute('href', '/?school=northfield-high');
    expect(within(card).getByRole('link', { name: 'Riverside Academy' })).toHaveAttribute('href', '/?school=Riverside+Academy');

    const upcomingRail = await screen.findByRole('region', { name: 'Upcoming' });
    const [paid, register] = await within(upcomingRail).findAllByRole('article');
    // The same instant in New York is an hour later, in that zone's abbreviation.
    expect(within(paid!).getByText('Nov 21 · 8:30 PM EST')).toBeVisible();
    expect(within(paid!).getByText('$9.99')).toBeVisible();
    expect(within(register!).getByText('Register')).toBeVisible();
  });

  it('rails step by themselves every 5000 ms and stop while hovered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // jsdom lays nothing out: record the rail's scroll steps instead of watching pixels move.
    const steps: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element) {
        steps.push(this);
      },
    });
    await renderRoute('/', { routes: homeRoutes });
    const liveRail = await screen.findByRole('region', { name: 'Live now' });
    // Skeleton cards do not step: the rail starts once its events are in.
    await within(liveRail).findAllByRole('article');
    const list = within(liveRail).getByRole('list');
    const liveSteps = () => steps.filter((element) => element === list).length;

    const before = liveSteps();
    act(() => vi.advanceTimersByTime(5000));
    expect(liveSteps()).toBe(before + 1);
    act(() => vi.advanceTimersByTime(5000));
    expect(liveSteps()).toBe(before + 2);

    fireEvent.mouseEnter(liveRail);
    act(() => vi.advanceTimersByTime(20_000));
    expect(liveSteps()).toBe(before + 2);
    fireEvent.mouseLeave(liveRail);
    act(() => vi.advanceTimersByTime(5000));
    expect(liveSteps()).toBe(before + 3);
  });

  it('narrows to a school named by its alias: its teams and its events', async () => {
    const { container, eventCalls } = await renderRoute('/?school=northfield-high', { routes: homeRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield High' })).toBeVisible();
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Northfield Eagles' })).toHaveAttribute('href', '/schedule?team=nf-eagles');
    expect(within(teams).getByRole('link', { name: 'Northfield Hawks' })).toBeVisible();
    expect(within(teams).queryByText('Riverside Lions')).toBeNull();
    await screen.findByRole('region', { name: 'Live now' });
    await waitFor(() => expect(eventCalls().map((call) => call.school)).toEqual(['northfield-high', 'northfield-high', 'northfield-high']));
    expect(within(screen.getByRole('region', { name: 'Live now' })).getByRole('link', { name: 'See all: Live now' })).toHaveAttribute(
      'href',
      '/live?school=northfield-high',
    );
    expect(screen.queryByRole('region', { name: 'Schools' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All schools' })).toHaveAttribute('href', '/');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('narrows to a school named by its name when it has no alias', async () => {
    await renderRoute('/?school=Riverside%20Academy', { routes: homeRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside Academy' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Teams' })).toHaveTextContent('Riverside Lions');
  });

  it('holds each rail’s place with skeleton cards while its events load', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = eventsFrom({ live, upcoming, finished: [] });
    await renderRoute('/', {
      routes: {
        ...homeRoutes,
        'GET /events': async (request) => {
          await held;
          return answer(request);
        },
      },
    });
    const liveRail = await screen.findByRole('region', { name: 'Live now' });
    expect(liveRail).toHaveAttribute('aria-busy', 'true');
    expect(within(liveRail).queryAllByRole('article')).toHaveLength(0);
    expect(liveRail.querySelectorAll('[data-skeleton="true"]').length).toBeGreaterThan(0);
    release();
    expect(await within(liveRail).findAllByRole('article')).toHaveLength(2);
    expect(liveRail).not.toHaveAttribute('aria-busy');
  });
});
