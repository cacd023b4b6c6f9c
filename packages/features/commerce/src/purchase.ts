import type { BuyBody, PurchasableKind } from '@grandstand/contract';

/** What the buy page sells, read from its query (spec §3 query keys). */
export type BuyTarget =
  | { type: 'event'; eventId: number; singleEventPackageId: number | null }
  | { type: 'package'; packageId: number; participantId: number | null; eventId: number | null }
  | { type: 'subscription'; subscriptionId: number; eventId: number | null };

function idOf(params: URLSearchParams, key: string): number | null {
  const value = params.get(key);
  if (value === null || !/^[0-9]{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The target of `/buy?…`: subscription_id, package_id (participant_id for a team pass) or event_id
 * (with single_event_package_id). A package or subscription may carry the event it was chosen for,
 * so the viewer lands on that event afterwards. Null when no id is given (spec §5 "id not selected").
 */
export function parseBuyQuery(params: URLSearchParams): BuyTarget | null {
  const eventId = idOf(params, 'event_id');
  const subscriptionId = idOf(params, 'subscription_id');
  if (subscriptionId !== null) return { type: 'subscription', subscriptionId, eventId };
  const packageId = idOf(params, 'package_id');
  if (packageId !== null) return { type: 'package', packageId, participantId: idOf(params, 'participant_id'), eventId };
  if (eventId !== null) return { type: 'event', eventId, singleEventPackageId: idOf(params, 'single_event_package_id') };
  return null;
}

/** The query of a target, for links to the buy page. */
export function buyQuery(target: BuyTarget): URLSearchParams {
  const query = new URLSearchParams();
  const set = (key: string, value: number | null) => {
    if (value !== null) query.set(key, String(value));
  };
  switch (target.type) {
    case 'event':
      set('event_id', target.eventId);
      set('single_event_package_id', target.singleEventPackageId);
      break;
    case 'package':
      set('package_id', target.packageId);
      set('participant_id', target.participantId);
      set('event_id', target.eventId);
      break;
    case 'subscription':
      set('subscription_id', target.subscriptionId);
      set('event_id', target.eventId);
      break;
  }
  return query;
}

/** The kind and id a promo code is checked against (GET apply_coupon). */
export function couponSubject(target: BuyTarget): { type: PurchasableKind; id: number } {
  switch (target.type) {
    case 'event':
      return { type: 'event', id: target.eventId };
    case 'package':
      return { type: 'package', id: target.packageId };
    case 'subscription':
      return { type: 'subscription', id: target.subscriptionId };
  }
}

/** Why a purchase cannot be prepared (spec §5 purchase preparation). */
export type PreparationProblem = 'idNotSelected' | 'singleEventPackageRequired' | 'teamNotSelected';

export interface PurchaseInput {
  target: BuyTarget | null;
  /** spec §6: a paid or ppv event is bought through a single-event package. */
  eventNeedsPackage: boolean;
  /** The package is a team pass (spec §5). */
  isTeamPass: boolean;
  /** The viewer already has a paid order of this team pass, so no team is needed (spec §5). */
  hasTeamPassOrder: boolean;
  participantId: number | null;
  coupon: string | null;
  paymentMethod: string | null;
  saveCard: boolean;
  returnPath: string;
}

export type Preparation = { ok: true; body: Omit<BuyBody, 'idempotency_key'> } | { ok: false; problem: PreparationProblem };

/**
 * spec §5 purchase preparation: an id is required ("id not selected"), a paid event requires a
 * single-event package id, and a team pass needs a team unless the viewer already has an order of it
 * ("Package is TeamPass but team not selected"). The idempotency key is added per checkout attempt.
 */
export function preparePurchase(input: PurchaseInput): Preparation {
  const { target } = input;
  if (target === null) return { ok: false, problem: 'idNotSelected' };
  const payment = {
    ...(input.coupon ? { coupon: input.coupon } : {}),
    ...(input.paymentMethod ? { payment_method: input.paymentMethod, save_card: input.saveCard } : {}),
    return_path: input.returnPath,
  };
  switch (target.type) {
    case 'event':
      if (target.singleEventPackageId === null && input.eventNeedsPackage) return { ok: false, problem: 'singleEventPackageRequired' };
      return {
        ok: true,
        body: {
          type: 'event',
          event_id: target.eventId,
          ...(target.singleEventPackageId === null ? {} : { single_event_package_id: target.singleEventPackageId }),
          ...payment,
        },
      };
    case 'package': {
      const participantId = input.participantId ?? target.participantId;
      if (input.isTeamPass && participantId === null && !input.hasTeamPassOrder) return { ok: false, problem: 'teamNotSelected' };
      return {
        ok: true,
        body: { type: 'package', package_id: target.packageId, ...(participantId === null ? {} : { participant_id: participantId }), ...payment },
      };
    }
    case 'subscription':
      return { ok: true, body: { type: 'subscription', subscription_id: target.subscriptionId, ...payment } };
  }
}

/**
 * One idempotency key per checkout attempt: pressing pay again with the same details (a double
 * click, a retry after a lost answer) reuses the key, so the server makes one order and one charge;
 * changed details or a finished attempt get a new key (the same key with another body is a 409).
 */
export function createAttemptKeys(newKey: () => string = randomKey) {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(body: object): string {
      const fingerprint = JSON.stringify(body);
      if (current?.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      return current.key;
    },
    /** The attempt ended (paid or failed): the next press is a new purchase. */
    finish(): void {
      current = null;
    },
  };
}

function randomKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Where a paid order takes the viewer: the event it was for, otherwise the profile's orders. */
export function successPath(target: BuyTarget): string {
  return target.eventId === null ? '/profile' : `/watch/${target.eventId}`;
}

/** The provider brings the viewer back here after its extra authentication step; the order id comes back too. */
export function returnPathFor(target: BuyTarget): string {
  return `/buy?${buyQuery(target).toString()}`;
}
