import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { commerceLoader, withCommerceStore } from '../test/stories.ts';
import { PromoCodeForm } from './PromoCodeForm.tsx';

const meta = {
  title: 'Commerce/Checkout/PromoCodeForm',
  component: PromoCodeForm,
  loaders: [commerceLoader],
  decorators: [withCommerceStore],
  args: {
    code: '',
    error: '',
    quote: null,
    onCodeChange: fn(),
    onApply: fn((event) => event.preventDefault()),
    onRemove: fn(),
  },
} satisfies Meta<typeof PromoCodeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Promo code'), 'F');
    await expect(args.onCodeChange).toHaveBeenCalledWith('F');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(args.onApply).toHaveBeenCalled();
  },
};

/** spec §8: the server's "Wrong promo code", on the field. */
export const Refused: Story = {
  args: { code: 'NOPE', error: 'Wrong promo code' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Promo code')).toHaveAccessibleDescription(/Wrong promo code/);
  },
};

export const Checking: Story = {
  args: { code: 'FAN2', applying: true },
};

/** Applied: what it saves, and a way to remove it. */
export const Applied: Story = {
  args: { code: 'FAN2', quote: { code: 'FAN2', original_price: 10.99, price: 8.99, discount: 2 } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(await canvas.findByText('Promo code FAN2 applied: you save $2.00.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove promo code' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

/** While an order is under way nothing can be changed. */
export const Disabled: Story = {
  args: { code: 'FAN2', disabled: true },
};
