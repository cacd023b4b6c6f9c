import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleLoader, withConsoleChannel, withConsoleProviders } from '../test/stories.tsx';
import { SignInPage } from './SignInPage.tsx';

const meta = {
  title: 'Console/Sign in',
  component: SignInPage,
  loaders: [consoleLoader],
  decorators: [withConsoleProviders, withConsoleChannel],
  parameters: {
    route: '/sign-in',
    consoleRoutes: { 'POST /console/session': () => ({ status: 401, json: { message: 'Enter the code.', field: 'code', code: 'TOTP_REQUIRED' } }) },
  },
} satisfies Meta<typeof SignInPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The password step, then the code an account with two-step sign-in gives. */
export const WithCodeStep: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText(/^Email/), 'owner@northfield.test');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'northfield-owner-2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByLabelText(/^Authentication code/)).toHaveFocus();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Connexion à Northfield Sports' })).toBeInTheDocument();
  },
};
