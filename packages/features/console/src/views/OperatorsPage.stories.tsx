import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { consoleLoader, withConsoleChannel, withConsoleProviders } from '../test/stories.tsx';
import { OperatorsPage } from './OperatorsPage.tsx';

const operators = [
  { id: 1, email: 'owner@northfield.test', name: 'Nora Owner', role: 'owner', totpEnabled: true, since: '2026-01-01T00:00:00.000Z' },
  { id: 2, email: 'producer@northfield.test', name: 'Pat Producer', role: 'producer', totpEnabled: false, since: '2026-01-02T00:00:00.000Z' },
  { id: 3, email: 'help@northfield.test', name: 'Sam Support', role: 'support', totpEnabled: false, since: '2026-02-02T00:00:00.000Z' },
];
const invitations = [{ id: 9, email: 'analyst@northfield.test', role: 'analyst', createdAt: '2026-12-06T05:00:00.000Z', expiresAt: '2026-12-13T05:00:00.000Z' }];

const meta = {
  title: 'Console/Operators',
  component: OperatorsPage,
  loaders: [consoleLoader],
  decorators: [withConsoleProviders, withConsoleChannel],
  parameters: {
    route: '/operators',
    consoleRoutes: {
      'GET /console/operators': () => ({ json: { operators } }),
      'GET /console/invitations': () => ({ json: { invitations } }),
    },
  },
} satisfies Meta<typeof OperatorsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The shell around the owners' list: the navigation by role, each operator's role and second factor, a pending invitation. */
export const Owner: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('combobox', { name: 'Role of Sam Support' })).toHaveValue('support');
    // The invitations are a query of their own: they may still be loading when the operators show.
    await expect(await canvas.findByRole('button', { name: 'Withdraw the invitation to analyst@northfield.test' })).toBeInTheDocument();
  },
};
