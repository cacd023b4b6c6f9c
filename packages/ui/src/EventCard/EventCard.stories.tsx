import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventCard } from './EventCard.tsx';

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
