import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { audience, reportsApi } from '../../test/fixtures.ts';
import { reportsLoader, withReportsProviders } from '../../test/stories.tsx';
import { ReportsPage } from './ReportsPage.tsx';

const meta = {
  title: 'Reports/Reports',
  component: ReportsPage,
  loaders: [reportsLoader],
  decorators: [withReportsProviders],
  parameters: { route: '/reports', reportsRoutes: reportsApi().routes },
} satisfies Meta<typeof ReportsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Figures: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('revenue-total')).toHaveTextContent('$61.47');
  },
};

export const WithoutAnalytics: Story = {
  parameters: { reportsRoutes: reportsApi({ audience: audience({ status: 'unavailable', figures: null }) }).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByTestId('audience-missing')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Rapports' })).toBeInTheDocument();
  },
};
