import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { offersApiFake } from '../../test/fixtures.ts';
import { offersLoader, withOffersProviders } from '../../test/stories.tsx';
import { OffersPage } from './OffersPage.tsx';

const meta = {
  title: 'Offers/Offers',
  component: OffersPage,
  loaders: [offersLoader],
  decorators: [withOffersProviders],
  parameters: { route: '/offers', offersRoutes: offersApiFake().routes },
} satisfies Meta<typeof OffersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retire Northfield team pass' })).toBeInTheDocument();
  },
};

export const NewTeamPassWithPreview: Story = {
  parameters: { offersRoutes: offersApiFake().routes },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'New package' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Kind' }), 'Team pass');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Eagles season');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Price' }), '25');
    await expect(canvas.getByRole('region', { name: 'How viewers see it' })).toHaveTextContent(/Eagles season/);
  },
};

export const Empty: Story = {
  parameters: { offersRoutes: offersApiFake({ packages: [], subscriptions: [], categories: [], teams: [], currency: 'USD' }).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No packages yet.')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', offersRoutes: offersApiFake().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Offres' })).toBeInTheDocument();
  },
};
