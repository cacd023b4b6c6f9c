import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { brokenPicture, livePicture, posterPicture, upcomingPicture } from '../Picture/storyPictures.ts';
import { EventCard, EventCardSkeleton } from './EventCard.tsx';

const meta = {
  title: 'Components/EventCard',
  component: EventCard,
  args: {
    title: 'Eagles @ Lions',
    href: '#watch-12',
    dateTime: { month: 'Nov', day: '21', time: '7:30 PM', zone: 'CST', full: 'Nov 21, 2025, 7:30 PM CST' },
    colors: ['#c8102e', '#002d72'],
    priceLabel: 'Free',
    details: (
      <>
        <a href="#team-eagles">Eagles</a>
        <a href="#team-lions">Lions</a>
        <a href="#sport-hockey">Hockey</a>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EventCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Upcoming: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Eagles @ Lions' })).toHaveAttribute('href', '#watch-12');
    await expect(canvas.getByText('Nov 21, 2025, 7:30 PM CST')).toBeInTheDocument();
  },
};
export const Live: Story = { args: { liveLabel: 'Live', priceLabel: '$9.99' } };
export const NamedEvent: Story = { args: { title: 'Regional Swim Finals', colors: [], details: undefined, priceLabel: 'Register' } };
export const ListLayout: Story = {
  args: { layout: 'list' },
  decorators: [
    (Story) => (
      <div style={{ width: 640 }}>
        <Story />
      </div>
    ),
  ],
};

export const PosterOnDemand: Story = { args: { picture: posterPicture, priceLabel: 'Watch' } };
export const LiveThumbnail: Story = {
  args: { picture: livePicture, liveLabel: 'Live', priceLabel: '$9.99' },
  play: async ({ canvasElement }) => {
    const visual = canvasElement.querySelector('[data-picture="live"]')?.parentElement as HTMLElement;
    await expect(visual).toHaveTextContent('Live');
  },
};
export const UpcomingCard: Story = { args: { picture: upcomingPicture } };
export const MissingImage: Story = { args: { picture: null, colors: [] } };
export const BrokenUrl: Story = {
  args: { picture: brokenPicture },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-picture="missing"]')).toHaveTextContent('Nov21'));
  },
};
/** The grey stand-in a rail shows while it loads: the same height as a card. */
/** An on-demand item: its facts in place of the date, a duration over the poster, spec §9's width. */
export const MediaItem: Story = {
  args: {
    title: 'Season review 2025',
    href: '#vod-5',
    picture: posterPicture,
    width: 'rail',
    priceLabel: undefined,
    details: undefined,
    overlay: <span style={{ position: 'absolute', right: 8, bottom: 8, padding: '0 4px', background: '#fff', color: '#000' }}>12:04</span>,
    meta: (
      <>
        <time dateTime="2025-11-21">Nov 21, 2025</time>
        <span>12 min</span>
        <span>Hockey</span>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Season review 2025' })).toHaveAttribute('href', '#vod-5');
    await expect(canvas.getByText('12 min')).toBeVisible();
  },
};
export const Loading: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', alignItems: 'start', gap: 16, width: 660 }}>
      <EventCardSkeleton />
      <EventCard {...args} />
    </div>
  ),
  decorators: [(Story) => <Story />],
  play: async ({ canvasElement }) => {
    const [skeleton, card] = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-skeleton], article'));
    await expect(Math.round(skeleton!.getBoundingClientRect().height)).toBe(Math.round(card!.getBoundingClientRect().height));
  },
};
