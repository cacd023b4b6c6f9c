import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { offersApiFake } from '../../test/fixtures.ts';
import { offersLoader, withOffersProviders } from '../../test/stories.tsx';
import { PromoCodesPage } from './PromoCodesPage.tsx';

const meta = {
  title: 'Offers/Promo codes',
  component: PromoCodesPage,
  loaders: [offersLoader],
  decorators: [withOffersProviders],
  parameters: { route: '/promo-codes', offersRoutes: offersApiFake().routes },
} satisfies Meta<typeof PromoCodesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Edit WELCOME20' })).toBeInTheDocument();
  },
};

export const NewCode: Story = {
  parameters: { offersRoutes: offersApiFake().routes },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'New promo code' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Applies to' }), 'Chosen offers');
    await expect(canvas.getByRole('group', { name: 'Offers' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { offersRoutes: offersApiFake(undefined, []).routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No promo codes yet.')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr', offersRoutes: offersApiFake().routes },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Codes promo' })).toBeInTheDocument();
  },
};
