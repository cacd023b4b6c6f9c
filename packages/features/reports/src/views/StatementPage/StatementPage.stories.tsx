import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { reportsApi } from '../../test/fixtures.ts';
import { reportsLoader, withReportsProviders } from '../../test/stories.tsx';
import { StatementPage } from './StatementPage.tsx';

const meta = {
  title: 'Reports/Statement',
  component: StatementPage,
  loaders: [reportsLoader],
  decorators: [withReportsProviders],
  parameters: { route: '/reports/statement', reportsRoutes: reportsApi().routes },
} satisfies Meta<typeof StatementPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Statement: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Revenue by school' })).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Revenus par école et par équipe' })).toBeInTheDocument();
  },
};
