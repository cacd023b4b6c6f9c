import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { savedCard } from '../test/fixtures.ts';
import { commerceLoader, withCommerceStore } from '../test/stories.ts';
import { EMPTY_CARD } from './CardForm.tsx';
import { NEW_CARD, PaymentMethodChoice } from './PaymentMethodChoice.tsx';

const meta = {
  title: 'Commerce/Checkout/PaymentMethodChoice',
  component: PaymentMethodChoice,
  loaders: [commerceLoader],
  decorators: [withCommerceStore],
  args: {
    savedCards: [savedCard],
    choice: null,
    onChoose: fn(),
    provider: 'sandbox',
    publishableKey: null,
    card: EMPTY_CARD,
    cardErrors: {},
    onCardChange: fn(),
    onStripeCardChange: fn(),
    offerSaveCard: true,
    saveCard: true,
    onSaveCardChange: fn(),
  },
} satisfies Meta<typeof PaymentMethodChoice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** spec §5: a saved card or a new one, none chosen yet. */
export const SavedCards: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Visa ending in 4242, expires 04/2031' }));
    await expect(args.onChoose).toHaveBeenCalledWith(savedCard.id);
  },
};

export const SavedCardChosen: Story = {
  args: { choice: savedCard.id },
};

/** The sandbox's card entry, and keeping the card. */
export const NewCard: Story = {
  args: { choice: NEW_CARD },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Card number/), '4');
    await expect(args.onCardChange).toHaveBeenCalledWith('number', '4');
    await userEvent.click(canvas.getByRole('checkbox'));
    await expect(args.onSaveCardChange).toHaveBeenCalledWith(false);
  },
};

/** No saved card: the new card's entry alone (a subscription keeps its card, so no checkbox). */
export const NoSavedCard: Story = {
  args: { savedCards: [], choice: NEW_CARD, offerSaveCard: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('radio')).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** The processor refused a field. */
export const CardRefused: Story = {
  args: { savedCards: [], choice: NEW_CARD, card: { ...EMPTY_CARD, number: '4242424242424241' }, cardErrors: { number: 'This card number is not valid' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A Stripe channel without its publishable key cannot show Stripe's card entry. */
export const StripeUnavailable: Story = {
  args: { savedCards: [], choice: NEW_CARD, provider: 'stripe', publishableKey: null },
};

/** While an order is under way nothing can be changed. */
export const Disabled: Story = {
  args: { choice: savedCard.id, disabled: true },
};
