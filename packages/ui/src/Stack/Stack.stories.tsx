import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { SectionTitle, Text } from '../Text/Text.tsx';
import { Stack } from './Stack.tsx';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: {
    as: 'section',
    'aria-label': 'Season passes',
    children: (
      <>
        <SectionTitle>Season passes</SectionTitle>
        <Text>Every home game of the season.</Text>
        <Text tone="muted">Renews each year until cancelled.</Text>
      </>
    ),
  },
  argTypes: { gap: { control: 'inline-radio', options: ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Column: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Season passes' })).toBeVisible();
  },
};

export const Row: Story = {
  args: {
    direction: 'row',
    gap: 'sm',
    as: 'div',
    'aria-label': undefined,
    children: (
      <>
        <Button>Try again</Button>
        <Button variant="secondary">Cancel</Button>
      </>
    ),
  },
};
