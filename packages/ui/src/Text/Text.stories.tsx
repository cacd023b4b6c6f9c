import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SectionTitle, Text } from './Text.tsx';

const meta = {
  title: 'Layout/Text',
  component: Text,
  args: { children: 'Every home game of the season, live and on demand.' },
  argTypes: {
    tone: { control: 'inline-radio', options: ['default', 'muted'] },
    size: { control: 'inline-radio', options: [undefined, 'sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Body: Story = {};
export const Muted: Story = { args: { tone: 'muted', size: 'sm', children: 'Opens your payment provider’s secure page.' } };
export const Price: Story = { args: { size: 'lg', bold: true, children: '$49.99' } };

/** A section's heading and its text, as the profile and packages pages use them. */
export const WithSectionTitle: Story = {
  render: (args) => (
    <section aria-labelledby="passes" style={{ display: 'grid', gap: '1rem' }}>
      <SectionTitle id="passes">Season passes</SectionTitle>
      <Text {...args} />
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Season passes' })).toBeVisible();
    // The theme's section size (lg, 1.25rem), without margins.
    const heading = canvas.getByRole('heading', { level: 2, name: 'Season passes' });
    await expect(getComputedStyle(heading).fontSize).toBe('20px');
    await expect(getComputedStyle(heading).margin).toBe('0px');
  },
};
