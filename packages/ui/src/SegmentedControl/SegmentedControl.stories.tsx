import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { SegmentedControl } from './SegmentedControl.tsx';

function LayoutToggle() {
  const [value, setValue] = useState('grid');
  return (
    <SegmentedControl
      label="Layout"
      options={[
        { value: 'grid', label: 'Grid' },
        { value: 'list', label: 'List' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

const meta = {
  title: 'Components/SegmentedControl',
  component: LayoutToggle,
} satisfies Meta<typeof LayoutToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const GridOrList: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'List' }));
    await expect(canvas.getByRole('radio', { name: 'List' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: 'Grid' })).toBeChecked();
  },
};
