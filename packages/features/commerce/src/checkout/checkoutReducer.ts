import type { CouponQuote } from '@grandstand/contract';
import { EMPTY_CARD } from '../components/CardForm.tsx';
import type { CardErrors, CardField, CardValues } from '../components/CardForm.tsx';

/** Pay for the product, or start its free trial (a subscription's, spec §6). */
export type CheckoutMode = 'buy' | 'trial';

/**
 * Where the checkout stands:
 * choosing → submitting → (redirecting to the card's security step | polling the order) → paid / failed.
 * After a failed order the viewer chooses again; paid is the end (the viewer is taken on).
 */
export type CheckoutStatus = 'choosing' | 'submitting' | 'redirecting' | 'polling' | 'paid' | 'failed';

/** The order the checkout follows until it is paid or failed (spec §4: polled every 2 s). */
export interface FollowedOrder {
  id: number;
  /**
   * Set when the order is the viewer's own order of this product already open elsewhere (another
   * tab): the address of its security step when it waits for one, '' when it does not.
   */
  followedStep: string | null;
  /** Polling stopped on an error, until the viewer retries. */
  stopped: boolean;
}

export interface PromoState {
  code: string;
  error: string;
  quote: CouponQuote | null;
}

export interface CheckoutState {
  status: CheckoutStatus;
  /** What the current submit does (the trial or a purchase); null before the first. */
  mode: CheckoutMode | null;
  /** Review (promo code, team) first; the payment step once the viewer continues. */
  step: 'review' | 'payment';
  /** The team of a team pass (spec §5), as the select holds it ('' for none). */
  participant: string;
  teamError: string;
  promo: PromoState;
  /** The saved card's id or NEW_CARD; null until the viewer chooses. */
  choice: string | null;
  card: CardValues;
  cardErrors: CardErrors;
  saveCard: boolean;
  paymentError: string;
  order: FollowedOrder | null;
}

/** Why a step was refused, and the field that says so. */
export type Refusal =
  /** The team select (spec §5 "Package is TeamPass but team not selected"): back to the review step. */
  | { field: 'team'; message: string }
  /** The promo code (spec §8 "Wrong promo code"): its quote is dropped. */
  | { field: 'promo'; message: string }
  /** A problem without a field of its own (spec §5 payment messages, the server's errors). */
  | { field: 'payment'; message: string }
  /** The card fields the processor (or the form) refused. */
  | { field: 'card'; errors: CardErrors }
  /** Nothing to say (it is said elsewhere, e.g. under Stripe's card element). */
  | { field: null };

export type CheckoutAction =
  | { type: 'participantChosen'; participant: string }
  | { type: 'promoTyped'; code: string }
  | { type: 'promoRequested' }
  | { type: 'promoApplied'; quote: CouponQuote }
  | { type: 'promoRemoved' }
  | { type: 'continueRequested' }
  | { type: 'continued' }
  | { type: 'methodChosen'; choice: string }
  | { type: 'cardTyped'; field: CardField; value: string }
  | { type: 'stripeCardChanged' }
  | { type: 'saveCardToggled'; saveCard: boolean }
  | { type: 'submitted'; mode: CheckoutMode }
  | { type: 'refused'; refusal: Refusal }
  | { type: 'redirecting' }
  | { type: 'orderOpened'; orderId: number }
  | { type: 'openOrderFollowed'; orderId: number; followedStep: string }
  | { type: 'pollFailed' }
  | { type: 'pollRetried' }
  | { type: 'paid' }
  | { type: 'failed' };

export interface CheckoutStart {
  /** participant_id of the query (a team pass bought for a team). */
  participantId: number | null;
  /** The order to follow at once: back from the card's security step, or remembered for the tab. */
  orderId: number | null;
}

export function initialCheckoutState({ participantId, orderId }: CheckoutStart): CheckoutState {
  return {
    status: orderId === null ? 'choosing' : 'polling',
    mode: null,
    step: 'review',
    participant: participantId === null ? '' : String(participantId),
    teamError: '',
    promo: { code: '', error: '', quote: null },
    choice: null,
    card: EMPTY_CARD,
    cardErrors: {},
    saveCard: true,
    paymentError: '',
    order: orderId === null ? null : { id: orderId, followedStep: null, stopped: false },
  };
}

/** A submit in flight, a redirect under way or a paid order: nothing more may be sent. */
export function isSubmitLocked(state: CheckoutState): boolean {
  return state.status === 'submitting' || state.status === 'redirecting' || state.status === 'paid';
}

/** Where a submit that sent nothing returns: to the order still followed, or to choosing. */
function settledStatus(state: CheckoutState): CheckoutStatus {
  return state.order === null ? 'choosing' : 'polling';
}

function refuse(state: CheckoutState, refusal: Refusal): CheckoutState {
  const status = state.status === 'submitting' ? settledStatus(state) : state.status;
  switch (refusal.field) {
    case 'team':
      return { ...state, status, step: 'review', teamError: refusal.message };
    case 'promo':
      return { ...state, status, promo: { ...state.promo, quote: null, error: refusal.message } };
    case 'payment':
      return { ...state, status, paymentError: refusal.message };
    case 'card':
      return { ...state, status, cardErrors: refusal.errors };
    case null:
      return { ...state, status };
  }
}

/** The checkout's steps as pure transitions; the hook (`useCheckout`) makes the calls and side effects. */
export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'participantChosen':
      return { ...state, participant: action.participant, teamError: '' };
    case 'promoTyped':
      return { ...state, promo: { ...state.promo, code: action.code } };
    case 'promoRequested':
      return { ...state, promo: { ...state.promo, error: '' } };
    case 'promoApplied':
      return { ...state, promo: { ...state.promo, quote: action.quote } };
    case 'promoRemoved':
      return { ...state, promo: { ...state.promo, code: '', quote: null } };
    case 'continueRequested':
      return { ...state, teamError: '' };
    case 'continued':
      return { ...state, step: 'payment' };
    case 'methodChosen':
      return { ...state, choice: action.choice };
    case 'cardTyped':
      return { ...state, card: { ...state.card, [action.field]: action.value }, paymentError: '' };
    case 'stripeCardChanged':
      return { ...state, paymentError: '' };
    case 'saveCardToggled':
      return { ...state, saveCard: action.saveCard };
    case 'submitted':
      // A second press while one is under way (a double click, the trial and pay buttons) is ignored.
      if (isSubmitLocked(state)) return state;
      return { ...state, status: 'submitting', mode: action.mode, paymentError: '', cardErrors: {} };
    case 'refused':
      return refuse(state, action.refusal);
    case 'redirecting':
      return { ...state, status: 'redirecting' };
    case 'orderOpened':
      // A press again after a polling error replays the same attempt (the same key, so the same
      // order): the order is followed as it was.
      return {
        ...state,
        status: 'polling',
        order: { id: action.orderId, followedStep: state.order?.followedStep ?? null, stopped: state.order?.stopped ?? false },
      };
    case 'openOrderFollowed':
      return { ...state, status: 'polling', order: { id: action.orderId, followedStep: action.followedStep, stopped: false } };
    case 'pollFailed':
      return state.order === null || state.order.stopped ? state : { ...state, order: { ...state.order, stopped: true } };
    case 'pollRetried':
      return state.order === null || !state.order.stopped ? state : { ...state, order: { ...state.order, stopped: false } };
    case 'paid':
      return { ...state, status: 'paid', order: null };
    case 'failed':
      // The viewer may try again, with the same or another card, from the payment step.
      return { ...state, status: 'failed', step: 'payment', order: null };
  }
}
