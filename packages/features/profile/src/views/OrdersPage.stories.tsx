import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { cancelledSubscriptionOrder, eventOrder, ordersResponse, passOrder, PROCESSED, subscriptionOrder, trialOrder } from '../test/fixtures.ts';
import { profileLoader, withProfileProviders } from '../test/stories.tsx';
import { OrdersPage } from './OrdersPage.tsx';

const meta = {
  title: 'Profile/Orders',
  component: OrdersPage,
  loaders: [profileLoader],
  decorators: [withProfileProviders],
  args: { openUrl: () => undefined },
  parameters: {
    profileRoutes: {
      'GET /orders': () => ({ json: ordersResponse([eventOrder, passOrder, subscriptionOrder, trialOrder]) }),
      'POST /sandbox/unsubscribe': () => ({ json: { data: cancelledSubscriptionOrder, message: PROCESSED } }),
    },
  },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A bought event, a season pass, a renewing subscription and one in its free trial. */
export const ActiveOrders: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('article', { name: 'All-access monthly' })).toHaveTextContent('Auto-Renewal');
  },
};

/** Cancelling auto-renewal: the confirmation popup, then the order reads Auto-Renewal Cancelled. */
export const CancelAutoRenewal: Story = {
  play: async ({ canvas, canvasElement }) => {
    const [button] = await canvas.findAllByRole('button', { name: 'Cancel auto-renewal' });
    await userEvent.click(button!);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Cancel auto-renewal?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel auto-renewal' }));
    await expect(await canvas.findByText('Auto-Renewal Cancelled')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { profileRoutes: { 'GET /orders': () => ({ json: ordersResponse([]) }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No active orders' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { profileRoutes: { 'GET /orders': () => ({ hang: true }) } },
};

export const LoadFailed: Story = {
  parameters: { profileRoutes: { 'GET /orders': () => ({ status: 500, json: { message: 'Down' } }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Your orders could not be loaded' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Commandes actives' })).toBeInTheDocument();
  },
};
