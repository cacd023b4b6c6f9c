import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const onClear = fn();

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    title: 'No events match these filters',
    message: 'Try another sport, school or day.',
    action: <Button onClick={onClear}>Clear filters</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(onClear).toHaveBeenCalled();
  },
};
export const TitleOnly: Story = { args: { message: undefined, action: undefined, title: 'Nothing on demand yet' } };
