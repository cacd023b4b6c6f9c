import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { ToastViewport, type ToastData, type ToastViewportProps } from './ToastViewport.tsx';

function Playground(props: ToastViewportProps) {
  const [toasts, setToasts] = useState<ToastData[]>(props.toasts);
  const push = (toast: Omit<ToastData, 'id'>) => setToasts((list) => [...list, { ...toast, id: String(Date.now() + Math.random()) }]);
  return (
    <>
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <Button onClick={() => push({ message: 'Your clip is ready', type: 'success' })}>Success</Button>
        <Button variant="secondary" onClick={() => push({ message: 'Payment failed', type: 'error' })}>
          Error
        </Button>
        <Button variant="ghost" onClick={() => push({ message: 'Stream starts in 5 minutes', type: 'info', duration: 1500 })}>
          Info
        </Button>
      </div>
      <ToastViewport
        toasts={toasts}
        dismissLabel={props.dismissLabel}
        onDismiss={(id) => {
          props.onDismiss(id);
          setToasts((list) => list.filter((toast) => toast.id !== id));
        }}
      />
    </>
  );
}

const meta = {
  title: 'Components/ToastViewport',
  component: ToastViewport,
  args: { toasts: [], dismissLabel: 'Dismiss', onDismiss: fn() },
  render: (args) => <Playground {...args} />,
} satisfies Meta<typeof ToastViewport>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Types: Story = {
  args: {
    toasts: [
      { id: '1', message: 'Saved to your favourites', type: 'success', duration: 600_000 },
      { id: '2', message: 'Payment failed', type: 'error', duration: 600_000 },
      { id: '3', message: 'Stream starts in 5 minutes', type: 'info', duration: 600_000 },
    ],
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Payment failed');
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await expect(args.onDismiss).toHaveBeenCalledWith('1');
    await expect(canvas.queryByText('Saved to your favourites')).toBeNull();
  },
};

/** spec §4: a toast goes by itself after its duration. */
export const AutoDismiss: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Info' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Stream starts in 5 minutes');
    await userEvent.unhover(canvas.getByRole('status'));
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 4000 });
  },
};
