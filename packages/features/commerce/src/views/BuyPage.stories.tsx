import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { monthly, order, paidEvent, savedCard, singleEventPackage, teamPass, viewer } from '../test/fixtures.ts';
import { commerceLoader, withCommerceProviders } from '../test/stories.ts';
import { BuyPage } from './BuyPage.tsx';

const eventRoutes = {
  'GET /events/12': () => ({ json: { data: paidEvent() } }),
  'GET /packages/1': () => ({ json: { data: singleEventPackage } }),
  'GET /sandbox/list-cards': () => ({ json: { data: [savedCard] } }),
  'GET /apply_coupon': () => ({ status: 400, json: { message: 'Wrong promo code', field: 'code' } }),
  'POST /sandbox/buy': () => ({ json: { data: { order: order({ id: 77 }), next_action: null } } }),
  'GET /orders/77': () => ({ json: { data: order({ id: 77 }) } }),
};

const meta = {
  title: 'Commerce/Buy',
  component: BuyPage,
  loaders: [commerceLoader],
  decorators: [withCommerceProviders],
  parameters: { route: '/buy?event_id=12&single_event_package_id=1', user: viewer, commerceRoutes: eventRoutes },
} satisfies Meta<typeof BuyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Summary: Story = {};

export const Visitor: Story = {
  parameters: { user: null },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  },
};

/** spec §8: the server's "Wrong promo code". */
export const WrongPromoCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Promo code'), 'NOPE');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(await canvas.findByText('Wrong promo code')).toBeInTheDocument();
  },
};

/** spec §5: "Please select one of your saved cards or enter new one". */
export const PaymentStep: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $10.99' }));
    await expect(await canvas.findByText('Please select one of your saved cards or enter new one')).toBeInTheDocument();
  },
};

/** After paying: the order is polled every 2 s (spec §4). */
export const Confirming: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await userEvent.click(await canvas.findByRole('radio', { name: /Visa ending in 4242/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $10.99' }));
    await expect(await canvas.findByText('Confirming your payment…')).toBeInTheDocument();
  },
};

export const TeamPass: Story = {
  parameters: {
    route: '/buy?package_id=3',
    commerceRoutes: {
      'GET /packages/3': () => ({ json: { data: teamPass } }),
      'GET /orders': () => ({ json: { data: [], meta: { total: 0, offset: 0, limit: null } } }),
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Package is TeamPass but team not selected')).toBeInTheDocument();
  },
};

export const FreeTrial: Story = {
  parameters: {
    route: '/buy?subscription_id=5',
    commerceRoutes: { 'GET /subscriptions/5': () => ({ json: { data: monthly } }), 'GET /sandbox/list-cards': () => ({ json: { data: [] } }) },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('button', { name: 'Start free trial (7 days)' })).toBeInTheDocument();
  },
};
