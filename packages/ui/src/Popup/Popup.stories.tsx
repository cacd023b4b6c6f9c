import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Popup, type PopupProps } from './Popup.tsx';

function WithTrigger(props: PopupProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete clip</Button>
      <Popup
        {...props}
        open={open}
        onOk={() => {
          props.onOk();
          setOpen(false);
        }}
        onCancel={() => {
          props.onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Components/Popup',
  component: Popup,
  args: {
    open: false,
    title: 'Delete this clip?',
    message: 'It cannot be brought back.',
    okLabel: 'Delete',
    cancelLabel: 'Keep',
    onOk: fn(),
    onCancel: fn(),
  },
  render: (args) => <WithTrigger {...args} />,
} satisfies Meta<typeof Popup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirm: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete clip' }));
    // The dialog is portalled to the body, outside the story's canvas.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this clip?' });
    await expect(dialog).toHaveAccessibleDescription('It cannot be brought back.');
    await expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Delete clip' })).toHaveFocus();
  },
};

export const Notice: Story = {
  args: { title: 'Your clip is being prepared', message: 'It will be ready in up to 5 minutes.', okLabel: 'OK', cancelLabel: undefined },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete clip' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await expect(args.onOk).toHaveBeenCalledOnce();
  },
};
