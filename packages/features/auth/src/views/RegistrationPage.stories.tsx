import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authLoader, withAuthProviders } from '../test/stories.ts';
import { RegistrationPage } from './RegistrationPage.tsx';

const meta = {
  title: 'Auth/Registration',
  component: RegistrationPage,
  loaders: [authLoader],
  decorators: [withAuthProviders],
} satisfies Meta<typeof RegistrationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** spec §5: the messages of an empty form sent. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByText('Please accept terms & conditions')).toBeInTheDocument();
  },
};
