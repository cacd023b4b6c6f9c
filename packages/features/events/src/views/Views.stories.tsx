import { testUser } from '@grandstand/test-kit/fixtures';
import { createStoryProviders } from '@grandstand/test-kit/storybook';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { eventsNamespace } from '../namespace.ts';
import { eventsRoutes } from '../routes.ts';
import { channelRoutes, event, eventsFrom, matchup } from '../test/fixtures.ts';
import { WithTestFollow } from '../test/follow.tsx';

/** The feature's routes at `parameters.route`, over a fake channel API in memory. */
const { loader, decorator } = createStoryProviders({
  namespaces: [eventsNamespace],
  routesParameter: 'channelRoutes',
  routes: channelRoutes({
    'GET /events': eventsFrom({
      live: [{ ...matchup, stream_status: 'live' }],
      upcoming: [event({ id: 3, name: 'Spring opener', access_type: 'paid', base_price: 9.99, has_access: false })],
      finished: [event({ id: 4, name: 'Winter Classic', stream_status: 'finished' })],
    }),
    'GET /events/favorite': eventsFrom({
      live: [{ ...matchup, id: 11, name: 'Eagles live', stream_status: 'live' }],
      upcoming: [event({ id: 12, name: 'Eagles next week' })],
      finished: [event({ id: 13, name: 'Eagles last night', stream_status: 'finished' })],
    }),
  }),
  router: [{ children: eventsRoutes }],
});

/**
 * `parameters.follow`: the site gives its follow control, as a site with favourites does. It wraps
 * the providers' decorator (which renders the router, not the story), so it comes after it.
 */
const withFollow: Decorator = (Story, context) =>
  context.parameters.follow ? (
    <WithTestFollow>
      <Story />
    </WithTestFollow>
  ) : (
    <Story />
  );

const meta = {
  title: 'Events/Views',
  loaders: [loader],
  decorators: [decorator, withFollow],
  parameters: { route: '/' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('region', { name: 'Highlights' }, { timeout: 5000 })).toBeVisible();
    // The later rails render as they come near the viewport: bring the first one there.
    canvasElement.querySelector('[data-near-viewport]')?.scrollIntoView();
    await expect(await canvas.findByRole('region', { name: 'Live now' }, { timeout: 5000 })).toBeVisible();
  },
};
export const Upcoming: Story = {
  parameters: { route: '/upcoming' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Spring opener' }, { timeout: 5000 })).toBeVisible();
  },
};
export const Schedule: Story = { parameters: { route: '/schedule' } };
export const OnDemandTable: Story = { parameters: { route: '/vod?view=table' } };


export const SchoolWithFollow: Story = {
  parameters: { route: '/?school=northfield-high', follow: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow Northfield High' }, { timeout: 5000 })).toBeVisible();
  },
};

export const ScheduleOfATeam: Story = {
  parameters: { route: '/schedule?team=nf-eagles', follow: true },
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Northfield Eagles' }, { timeout: 5000 });
    await expect(heading).toBeVisible();
    // The heading's own follow control (the cards below have theirs too).
    await expect(within(heading.parentElement!).getByRole('button', { name: 'Follow Northfield Eagles' })).toBeVisible();
  },
};

export const LiveWithFollow: Story = {
  parameters: { route: '/live', follow: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow Riverside Lions' }, { timeout: 5000 })).toBeVisible();
  },
};

/** A logged-in viewer's home: "My teams" after the highlights, live first. */
export const HomeWithMyTeams: Story = {
  parameters: { user: testUser(), follow: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Eagles next week' }, { timeout: 5000 })).toBeVisible();
  },
};

/** A logged-in viewer's listing narrowed to their teams. */
export const UpcomingMyTeams: Story = {
  parameters: { route: '/upcoming?mine=1', user: testUser() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('checkbox', { name: 'My teams' }, { timeout: 5000 })).toBeChecked();
    await expect(await canvas.findByRole('link', { name: 'Eagles next week' }, { timeout: 5000 })).toBeVisible();
  },
};

/** A logged-in viewer whose teams have nothing on: how to follow one. */
export const MyTeamsEmpty: Story = {
  parameters: { route: '/live?mine=1', user: testUser(), channelRoutes: { 'GET /events/favorite': eventsFrom({}) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No games of your teams here' }, { timeout: 5000 })).toBeVisible();
  },
};
