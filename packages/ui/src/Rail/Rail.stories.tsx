import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventCard } from '../EventCard/EventCard.tsx';
import { Rail } from './Rail.tsx';

const teams = [
  ['Eagles', 'Lions', '#c8102e', '#002d72'],
  ['Hawks', 'Bears', '#006341', '#ffb81c'],
  ['Owls', 'Foxes', '#4b2e83', '#e87722'],
  ['Rams', 'Colts', '#003594', '#a2aaad'],
  ['Wolves', 'Bulls', '#5e6a71', '#ce1141'],
] as const;

const meta = {
  title: 'Components/Rail',
  component: Rail,
  args: {
    title: 'Live now',
    previousLabel: 'Previous',
    nextLabel: 'Next',
    children: teams.map(([away, home, awayColor, homeColor], index) => (
      <EventCard
        key={away}
        title={`${away} @ ${home}`}
        href={`#watch-${index}`}
        dateTime={{ month: 'Nov', day: String(20 + index), time: '7:30 PM', zone: 'CST', full: `Nov ${20 + index}, 2025, 7:30 PM CST` }}
        colors={[awayColor, homeColor]}
        liveLabel="Live"
        priceLabel="Free"
      />
    )),
  },
} satisfies Meta<typeof Rail>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AutoAdvancing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next: Live now' }));
    await expect(canvas.getByRole('region', { name: 'Live now' })).toBeVisible();
  },
};
export const Still: Story = { args: { intervalMs: 0, title: 'On demand' } };
