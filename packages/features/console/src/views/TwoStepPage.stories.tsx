import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleLoader, withConsoleChannel, withConsoleProviders } from '../test/stories.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';
import { TwoStepPage } from './TwoStepPage.tsx';

const meta = {
  title: 'Console/Two-step sign-in',
  component: TwoStepPage,
  loaders: [consoleLoader],
  decorators: [withConsoleProviders, withConsoleChannel],
  parameters: {
    route: '/account/two-step',
    consoleRoutes: {
      // The channel requires it: the shell opens nothing else until it is set up.
      'GET /console/session': sessionOf(testOperator({ totpSetupRequired: true })),
      'POST /console/totp/setup': () => ({ json: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Northfield%20Sports:owner%40northfield.test?secret=JBSWY3DPEHPK3PXP&issuer=Northfield%20Sports' } }),
    },
  },
} satisfies Meta<typeof TwoStepPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The set-up's QR code and key, and the field for the first code. */
export const Setup: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up two-step sign-in' }));
    await expect(await canvas.findByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeInTheDocument();
  },
};
