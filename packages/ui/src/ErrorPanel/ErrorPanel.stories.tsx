import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ErrorPanel } from './ErrorPanel.tsx';

// spec §2: the product texts of the api key failure panel.
const meta = {
  title: 'Components/ErrorPanel',
  component: ErrorPanel,
  args: {
    title: 'WHOOPS!',
    message: 'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page',
    actionLabel: 'Reload page',
    onAction: fn(),
  },
} satisfies Meta<typeof ErrorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullScreen: Story = {
  args: { fullScreen: true },
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('WHOOPS!');
    await userEvent.click(canvas.getByRole('button', { name: 'Reload page' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** spec §2: the reload button stays disabled for 60 seconds. */
export const ActionLocked: Story = {
  args: { actionDisabled: true, actionHint: 'You can reload in 60 s' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Reload page' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('You can reload in 60 s');
  },
};

export const WithoutAction: Story = { args: { actionLabel: undefined, onAction: undefined } };
