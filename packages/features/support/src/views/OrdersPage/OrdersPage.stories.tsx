import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { supportApi } from '../../test/fixtures.ts';
import { supportLoader, withSupportProviders } from '../../test/stories.tsx';
import { OrdersPage } from './OrdersPage.tsx';

const meta = {
  title: 'Support/Orders',
  component: OrdersPage,
  loaders: [supportLoader],
  decorators: [withSupportProviders],
  parameters: { route: '/orders', supportRoutes: supportApi().routes },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Orders: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: '1 orders found' })).toBeInTheDocument();
  },
};

export const OpenOrder: Story = {
  parameters: { route: '/orders?order=41' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Refund order 41' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', route: '/orders?order=41' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Commandes' })).toBeInTheDocument();
  },
};
