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
    const title = canvas.getByRole('heading', { level: 1, name: 'Log in' });
    await expect(title).toBeVisible();
    // The narrow column (28rem), centred, with the theme's page padding and its gap (md).
    const style = getComputedStyle(title.parentElement as Element);
    await expect({ maxWidth: style.maxWidth, padding: style.padding, gap: style.rowGap, display: style.display }).toEqual({
      maxWidth: '448px',
      padding: '32px 16px',
      gap: '16px',
      display: 'grid',
    });
  },
};
export const Medium: Story = { args: { width: 'medium' } };
export const Reading: Story = { args: { width: 'reading', gap: undefined, as: 'article' } };
export const Wide: Story = { args: { width: 'wide', gap: 'lg' } };
export const Full: Story = { args: { width: 'full', gap: 'xl' } };
