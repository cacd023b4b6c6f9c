import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { faqApi } from '../../test/fixtures.ts';
import { channelsLoader, withChannelsProviders } from '../../test/stories.tsx';
import { FaqPage } from './FaqPage.tsx';

const meta = {
  title: 'Channels/FAQ',
  component: FaqPage,
  loaders: [channelsLoader],
  decorators: [withChannelsProviders],
  parameters: { route: '/faq', channelsRoutes: faqApi().routes },
} satisfies Meta<typeof FaqPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Questions: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Question 1: question' })).toHaveValue('How do I watch a game?');
  },
};

export const French: Story = {
  parameters: { language: 'fr', channelsRoutes: faqApi().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Enregistrer la FAQ' })).toBeInTheDocument();
  },
};
