import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { FormMessage } from './FormMessage.tsx';

const meta = {
  title: 'Components/FormMessage',
  component: FormMessage,
  args: { tone: 'error', children: 'Wrong email or password.' },
  argTypes: { tone: { control: 'inline-radio', options: ['error', 'success'] } },
} satisfies Meta<typeof FormMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorMessage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Wrong email or password.');
  },
};

export const SuccessMessage: Story = {
  args: { tone: 'success', children: 'Your changes are saved.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Your changes are saved.');
  },
};

/** Empty, the region is still there (out of sight): the text put in it later is announced. */
export const EmptyThenFilled: Story = {
  args: { tone: 'success', children: '' },
  render: function Render(args) {
    const [sent, setSent] = useState(false);
    return (
      <div style={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
        <Button onClick={() => setSent(true)}>Send the link</Button>
        <FormMessage {...args}>{sent ? 'Check your inbox for the reset link.' : args.children}</FormMessage>
      </div>
    );
  },
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('status');
    await expect(region).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    await expect(canvas.getByRole('status')).toBe(region);
    await expect(region).toHaveTextContent('Check your inbox for the reset link.');
  },
};
