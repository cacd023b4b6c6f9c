import { testSettings } from '@grandstand/test-kit/fixtures';
import { createStoryProviders } from '@grandstand/test-kit/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { clipsLibraryNamespace } from '../namespace.ts';
import { clipOptions, clipsResponse, game, goal, processing, save, sharedClip, viewer } from '../test/fixtures.ts';
import { EventClipsPage } from './EventClipsPage.tsx';
import { SharePage } from './SharePage.tsx';

const shared = sharedClip({ id: 9, uuid: '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b', name: 'Buzzer beater', duration: 42, tags: ['goal', 'highlight'] });

/** The library's public pages in a router at their own paths, for a visitor. */
const { loader, decorator } = createStoryProviders({
  namespaces: [clipsLibraryNamespace],
  routesParameter: 'clipsLibraryRoutes',
  routes: {
    'GET /settings': () => ({ json: { data: testSettings() } }),
    'GET /clips/options': () => ({ json: { data: clipOptions({ can_clip: false, reason: 'login', can_download_clip: false }) } }),
    [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }),
    'GET /events/42': () => ({ json: { data: game } }),
    'GET /clips/event/42': () => ({ json: clipsResponse([goal, save, processing]) }),
  },
  visitorKey: true,
  route: `/share/42/${shared.uuid}`,
  router: [
    { path: '/share/:id/:uuid', element: <SharePage /> },
    { path: '/watch_library/:id', element: <EventClipsPage openUrl={() => undefined} /> },
    { path: '/404', element: <p>Not found</p> },
  ],
});

const meta = {
  title: 'Clips/Library/Share page',
  component: SharePage,
  loaders: [loader],
  decorators: [decorator],
} satisfies Meta<typeof SharePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A shared clip as anyone with the link sees it: the player, its name, its game and the whole game. */
export const SharedClip: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Buzzer beater', level: 1 })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Watch the whole game' })).toHaveAttribute('href', '/watch/42');
  },
};

export const SharedClipFrench: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Regarder tout le match' })).toBeInTheDocument();
  },
};

/** `/watch_library/{id}`: the viewer's clips of one game (logged in). */
export const EventClips: Story = {
  parameters: { route: '/watch_library/42', user: viewer },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Your clips of Riverside Lions @ Northfield Eagles', level: 1 })).toBeInTheDocument();
  },
};
