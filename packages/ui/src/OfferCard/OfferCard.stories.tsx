import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { OfferCard, OfferList } from './OfferCard.tsx';

const meta = {
  title: 'Commerce/OfferCard',
  component: OfferCard,
  args: {
    headingId: 'story-offer',
    name: 'North team pass',
    badge: 'Team pass',
    priceTitle: '$40.00/year',
    fee: '+ $2.00 service fee',
    description: "One team's games for a year.",
    trial: null,
    action: <a href="#buy">Buy</a>,
  },
  decorators: [
    (Story) => (
      <OfferList>
        <Story />
      </OfferList>
    ),
  ],
} satisfies Meta<typeof OfferCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TeamPass: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('listitem', { name: 'North team pass' });
    await expect(card).toBeVisible();
    await expect(canvas.getByText('$40.00/year')).toBeVisible();
  },
};

export const SubscriptionWithTrial: Story = {
  args: { name: 'Everything monthly', badge: null, priceTitle: '$12.00/month', fee: null, description: 'Every game, every month.', trial: '7-day free trial' },
};

export const Purchased: Story = {
  args: { action: <Badge tone="primary">Purchased</Badge> },
};
