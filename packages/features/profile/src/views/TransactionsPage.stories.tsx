import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { eventOrder, failedOrder, ordersResponse, passOrder, subscriptionOrder } from '../test/fixtures.ts';
import { profileLoader, withProfileProviders } from '../test/stories.tsx';
import { TransactionsPage } from './TransactionsPage.tsx';

const meta = {
  title: 'Profile/Transactions',
  component: TransactionsPage,
  loaders: [profileLoader],
  decorators: [withProfileProviders],
  args: { openUrl: () => undefined },
  parameters: {
    profileRoutes: { 'GET /orders': () => ({ json: ordersResponse([eventOrder, passOrder, subscriptionOrder, failedOrder]) }) },
  },
} satisfies Meta<typeof TransactionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Purchases, a new subscription, its renewals and a declined card, newest first. */
export const AllTransactions: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Your payments, newest first' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { profileRoutes: { 'GET /orders': () => ({ json: ordersResponse([]) }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { profileRoutes: { 'GET /orders': () => ({ networkError: true }) } },
};

export const French: Story = {
  parameters: { language: 'fr' },
};
