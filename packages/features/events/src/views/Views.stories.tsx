import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { createFakeChannelApi } from '@grandstand/api-client/testing';
import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import { makeStore } from '@grandstand/store';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'storybook/test';
import { eventsNamespace } from '../namespace.ts';
import { eventsRoutes } from '../routes.ts';
import { channelRoutes, event, eventsFrom, matchup } from '../test/fixtures.ts';

const i18n = await createI18n({ language: 'en' });
await registerFeatureResources(i18n, eventsNamespace);

/** A view of the feature over a fake channel API in memory: the store decorator of these stories. */
function Browse({ path }: { path: string }) {
  const server = createFakeChannelApi({
    routes: channelRoutes({
      'GET /events': eventsFrom({
        live: [{ ...matchup, stream_status: 'live' }],
        upcoming: [event({ id: 3, name: 'Spring opener', access_type: 'paid', base_price: 9.99, has_access: false })],
        finished: [event({ id: 4, name: 'Winter Classic', stream_status: 'finished' })],
      }),
    }),
  });
  const client = createApiClient({ baseUrl: '/api', channelKeyUrl: '/channel-key.json', storagePrefix: 'story:', storage: createMemoryStorage(), fetch: server.fetch });
  const router = createMemoryRouter([{ children: eventsRoutes }], { initialEntries: [path] });
  return (
    <Provider store={makeStore({ client })}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  );
}

const meta = {
  title: 'Events/Views',
  component: Browse,
  args: { path: '/' },
} satisfies Meta<typeof Browse>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Live now' })).toBeVisible();
  },
};
export const Upcoming: Story = {
  args: { path: '/upcoming' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Spring opener' })).toBeVisible();
  },
};
export const Schedule: Story = { args: { path: '/schedule' } };
export const OnDemandTable: Story = { args: { path: '/vod?view=table' } };
