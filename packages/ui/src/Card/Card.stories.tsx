import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { SectionTitle, Text } from '../Text/Text.tsx';
import { tokenValue } from '../test/tokens.ts';
import { Card } from './Card.tsx';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    as: 'article',
    'aria-label': 'Season pass',
    children: (
      <>
        <SectionTitle as="h3">Season pass</SectionTitle>
        <Badge tone="primary">Active</Badge>
        <Text size="lg" bold>
          $49.99
        </Text>
        <Text tone="muted" size="sm">
          Renews on August 1, 2027.
        </Text>
      </>
    ),
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Order: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article', { name: 'Season pass' });
    await expect(card).toBeVisible();
    // A bordered block on the channel's surface, its text in the surface's readable colour.
    const style = getComputedStyle(card);
    await expect({ gap: style.rowGap, padding: style.padding, radius: style.borderTopLeftRadius }).toEqual({ gap: '8px', padding: '16px', radius: '8px' });
    await expect(style.backgroundColor).toBe(tokenValue('background-color', '--gs-surface'));
    await expect(style.color).toBe(tokenValue('color', '--gs-surface-text'));
  },
};

export const InAList: Story = {
  args: { as: 'li', 'aria-label': undefined },
  decorators: [
    (Story) => (
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: '1rem' }}>
        <Story />
      </ul>
    ),
  ],
};
