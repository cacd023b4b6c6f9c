import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageTitle } from '../PageTitle/PageTitle.tsx';
import { Text } from '../Text/Text.tsx';
import { Page } from './Page.tsx';

const meta = {
  title: 'Layout/Page',
  component: Page,
  parameters: { layout: 'fullscreen' },
  args: {
    width: 'narrow',
    gap: 'md',
    children: (
      <>
        <PageTitle>Log in</PageTitle>
        <Text>Watch the events your passes open, on every device.</Text>
      </>
    ),
  },
  argTypes: { width: { control: 'inline-radio', options: ['narrow', 'medium', 'reading', 'wide', 'full'] } },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Narrow: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  },
};
export const Medium: Story = { args: { width: 'medium' } };
export const Reading: Story = { args: { width: 'reading', gap: undefined, as: 'article' } };
export const Wide: Story = { args: { width: 'wide', gap: 'lg' } };
export const Full: Story = { args: { width: 'full', gap: 'xl' } };
