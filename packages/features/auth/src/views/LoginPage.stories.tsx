import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authLoader, withAuthProviders } from '../test/stories.ts';
import { LoginPage } from './LoginPage.tsx';

const meta = {
  title: 'Auth/Login',
  component: LoginPage,
  loaders: [authLoader],
  decorators: [withAuthProviders],
  parameters: { authRoutes: { 'POST /v2/auth/login': () => ({ status: 422, json: { message: 'Wrong auth data' } }) } },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** spec §8: the server's "Wrong auth data" as the spec words it. */
export const WrongAuthData: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'fan@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(await canvas.findByText('Wrong auth data')).toBeInTheDocument();
  },
};
