import { FAVORITE_MESSAGES } from '@grandstand/contract';
import type { Favorite } from '@grandstand/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { madeFavorite } from '../test/fixtures.ts';
import { favouritesLoader, withFavouritesProviders } from '../test/stories.tsx';
import { LazyFollowButton } from './LazyFollowButton.tsx';

const lions = madeFavorite({ favoritable_type: 'participant', favoritable_id: 21, name: 'Riverside Lions' }, 77);

/** The follow control beside a team's name; the story tests run it in each channel's theme (apps/storybook). */
const meta = {
  title: 'Favourites/Follow control',
  component: LazyFollowButton,
  loaders: [favouritesLoader],
  decorators: [withFavouritesProviders],
  args: { kind: 'participant', id: 21, name: 'Riverside Lions', size: 'md' },
  parameters: {
    favouritesRoutes: {
      'GET /favorites': () => ({ json: { data: [] } }),
      'POST /favorite': (request: { body: Record<string, unknown> | undefined }) => ({
        json: { data: madeFavorite(request.body as Pick<Favorite, 'favoritable_type' | 'favoritable_id'>) },
      }),
      'DELETE /favorite/77': () => ({ json: { data: { message: 'Favourite removed' } } }),
    },
  },
} satisfies Meta<typeof LazyFollowButton>;

export default meta;

/** The star once the viewer's favourites are in, read again each time: the waiting star gives way to the loaded one. */
async function ready(canvas: ReturnType<typeof within>) {
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Follow Riverside Lions' })).not.toHaveAttribute('aria-disabled'));
  return canvas.getByRole('button', { name: 'Follow Riverside Lions' });
}
type Story = StoryObj<typeof meta>;

/** A visitor: the light button asks them to log in (spec §6), and "Log in" keeps the wish. */
export const Visitor: Story = {
  parameters: { user: null },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Riverside Lions', pressed: false }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: FAVORITE_MESSAGES.loginToFavourite })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  },
};

/** Logged in, not following: an outlined star; a press follows at once, in the same box (nothing moves). */
export const NotFollowing: Story = {
  play: async ({ canvas }) => {
    const star = await ready(canvas);
    const before = star.getBoundingClientRect();
    await userEvent.click(star);
    const after = (await canvas.findByRole('button', { name: 'Unfollow Riverside Lions', pressed: true })).getBoundingClientRect();
    await expect([after.x, after.y, after.width, after.height]).toEqual([before.x, before.y, before.width, before.height]);
  },
};

/** Logged in, following: a filled star in the channel's readable brand colour. */
export const Following: Story = {
  parameters: { favouritesRoutes: { 'GET /favorites': () => ({ json: { data: [lions] } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unfollow Riverside Lions', pressed: true })).toBeVisible();
  },
};

/** The small size, beside a card's team link or a filter chip. */
export const FollowingSmall: Story = {
  args: { size: 'sm' },
  parameters: { favouritesRoutes: { 'GET /favorites': () => ({ json: { data: [lions] } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unfollow Riverside Lions', pressed: true })).toBeVisible();
  },
};

/** The viewer's favourites are on their way: the star holds its place and waits. */
export const Pending: Story = {
  parameters: { favouritesRoutes: { 'GET /favorites': () => ({ hang: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Follow Riverside Lions' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server refuses (another channel's team): the star goes back and a toast says why. */
export const Refused: Story = {
  parameters: {
    favouritesRoutes: { 'POST /favorite': () => ({ status: 404, json: { message: 'favoritable_id not found', field: 'favoritable_id' } }) },
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await ready(canvas));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByText('Riverside Lions could not be followed. Please try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Follow Riverside Lions', pressed: false })).toBeVisible();
  },
};
