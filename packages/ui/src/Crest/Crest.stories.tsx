import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { brokenPicture, crestImage } from '../Picture/storyPictures.ts';
import { Crest } from './Crest.tsx';

const meta = {
  title: 'Components/Crest',
  component: Crest,
  args: { name: 'Northfield High', src: crestImage },
  argTypes: { shape: { control: 'inline-radio', options: ['round', 'shield'] } },
} satisfies Meta<typeof Crest>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Northfield High' })).toBeVisible();
  },
};
export const Large: Story = { args: { size: '4rem', shape: 'shield' } };
export const Initials: Story = { args: { name: 'Riverside Lions', src: null, color: '#002d72' } };
export const BrokenUrl: Story = {
  args: { name: 'Lac-Mégantic Aigles', src: brokenPicture.src },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Lac-Mégantic Aigles' })).toHaveTextContent('LM'));
  },
};
