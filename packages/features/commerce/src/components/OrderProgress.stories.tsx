import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { commerceLoader, withCommerceStore } from '../test/stories.ts';
import { OrderProgress } from './OrderProgress.tsx';

const meta = {
  title: 'Commerce/Checkout/OrderProgress',
  component: OrderProgress,
  loaders: [commerceLoader],
  decorators: [withCommerceStore],
  args: { followedStep: null, processing: false, redirecting: false, pollFailed: false, onRetry: fn() },
} satisfies Meta<typeof OrderProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** spec §4: the order is polled every 2 s until paid or failed. */
export const Confirming: Story = {
  args: { processing: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Confirming your payment…')).toBeInTheDocument();
  },
};

/** Off to the card's security step. */
export const Redirecting: Story = {
  args: { redirecting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Taking you to your card’s security check…');
  },
};

/** The order already open in another tab, waiting for its security step. */
export const OpenElsewhere: Story = {
  args: { followedStep: 'http://localhost/sandbox/authenticate/pi_81', processing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Complete your card’s security check' })).toHaveAttribute('href', 'http://localhost/sandbox/authenticate/pi_81');
  },
};

export const OpenElsewhereWithoutStep: Story = {
  args: { followedStep: '', processing: true },
};

/** Polling failed: try again, or find the order in the profile. */
export const PollFailed: Story = {
  args: { pollFailed: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/profile');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
