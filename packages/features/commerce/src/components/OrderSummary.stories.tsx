import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { commerceLoader, withCommerceStore } from '../test/stories.ts';
import type { CheckoutItem } from '../useOffer.ts';
import { OrderSummary } from './OrderSummary.tsx';

const event: CheckoutItem = {
  type: 'event',
  id: 12,
  name: 'Northfield Eagles vs Lakeside Otters',
  base_price: 9.99,
  service_fee: 1,
  event_category_id: 4,
  price: 10.99,
  offer: null,
  period: null,
  trialDays: 0,
  isTeamPass: false,
  participants: [],
  owned: false,
};

const meta = {
  title: 'Commerce/Checkout/OrderSummary',
  component: OrderSummary,
  loaders: [commerceLoader],
  decorators: [withCommerceStore],
  args: { item: event, quote: null },
} satisfies Meta<typeof OrderSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Event: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('checkout-total')).toHaveTextContent('$10.99');
  },
};

/** A promo code's discount, and the lower total. */
export const WithPromoCode: Story = {
  args: { quote: { code: 'FAN2', original_price: 10.99, price: 8.99, discount: 2 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('−$2.00')).toBeInTheDocument();
    await expect(canvas.getByTestId('checkout-total')).toHaveTextContent('$8.99');
  },
};

/** spec §9 price title of a subscription, with its free trial. */
export const Subscription: Story = {
  args: { item: { ...event, type: 'subscription', id: 5, name: 'Monthly pass', base_price: 9.99, service_fee: 0, price: 9.99, offer: 'month', period: 1, trialDays: 7 } },
};
