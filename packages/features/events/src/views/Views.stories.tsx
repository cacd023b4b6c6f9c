import { createStoryProviders } from '@grandstand/test-kit/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { eventsNamespace } from '../namespace.ts';
import { eventsRoutes } from '../routes.ts';
import { channelRoutes, event, eventsFrom, matchup } from '../test/fixtures.ts';

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
  }),
  router: [{ children: eventsRoutes }],
});

const meta = {
  title: 'Events/Views',
  loaders: [loader],
  decorators: [decorator],
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
