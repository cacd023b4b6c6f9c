import { describe, expect, it } from 'vitest';
import { buyQuery, createAttemptKeys, parseBuyQuery, preparePurchase, returnPathFor, successPath } from './purchase.ts';
import type { PurchaseInput } from './purchase.ts';

const base: Omit<PurchaseInput, 'target'> = {
  eventNeedsPackage: true,
  isTeamPass: false,
  hasTeamPassOrder: false,
  participantId: null,
  coupon: null,
  paymentMethod: 'pm_1',
  saveCard: true,
  returnPath: '/buy?package_id=3',
};

describe('parseBuyQuery', () => {
  it('reads the spec §3 query keys', () => {
    expect(parseBuyQuery(new URLSearchParams('event_id=12&single_event_package_id=1'))).toEqual({ type: 'event', eventId: 12, singleEventPackageId: 1 });
    expect(parseBuyQuery(new URLSearchParams('package_id=3&participant_id=11'))).toEqual({ type: 'package', packageId: 3, participantId: 11, eventId: null });
    expect(parseBuyQuery(new URLSearchParams('subscription_id=5&event_id=12'))).toEqual({ type: 'subscription', subscriptionId: 5, eventId: 12 });
  });

  it('has no target without a usable id', () => {
    expect(parseBuyQuery(new URLSearchParams(''))).toBeNull();
    expect(parseBuyQuery(new URLSearchParams('package_id=abc'))).toBeNull();
    expect(parseBuyQuery(new URLSearchParams('event_id=0'))).toBeNull();
  });

  it('writes back the query it reads', () => {
    const query = 'package_id=3&participant_id=11&event_id=12';
    const target = parseBuyQuery(new URLSearchParams(query));
    expect(target && buyQuery(target).toString()).toBe(query);
    expect(target && returnPathFor(target)).toBe(`/buy?${query}`);
  });
});

describe('preparePurchase (spec §5 purchase preparation)', () => {
  it('needs an id: "id not selected"', () => {
    expect(preparePurchase({ ...base, target: null })).toEqual({ ok: false, problem: 'idNotSelected' });
  });

  it('needs a single-event package id for a paid event', () => {
    const target = { type: 'event', eventId: 12, singleEventPackageId: null } as const;
    expect(preparePurchase({ ...base, target })).toEqual({ ok: false, problem: 'singleEventPackageRequired' });
    expect(preparePurchase({ ...base, target: { ...target, singleEventPackageId: 1 } })).toEqual({
      ok: true,
      body: { type: 'event', event_id: 12, single_event_package_id: 1, payment_method: 'pm_1', save_card: true, return_path: '/buy?package_id=3' },
    });
  });

  it('needs a team for a team pass unless the viewer already has an order of it', () => {
    const target = { type: 'package', packageId: 3, participantId: null, eventId: null } as const;
    expect(preparePurchase({ ...base, target, isTeamPass: true })).toEqual({ ok: false, problem: 'teamNotSelected' });
    expect(preparePurchase({ ...base, target, isTeamPass: true, hasTeamPassOrder: true }).ok).toBe(true);
    const chosen = preparePurchase({ ...base, target, isTeamPass: true, participantId: 11, coupon: 'FAN10' });
    expect(chosen).toEqual({
      ok: true,
      body: { type: 'package', package_id: 3, participant_id: 11, coupon: 'FAN10', payment_method: 'pm_1', save_card: true, return_path: '/buy?package_id=3' },
    });
  });

  it('sends no card when nothing is charged', () => {
    const target = { type: 'subscription', subscriptionId: 5, eventId: null } as const;
    expect(preparePurchase({ ...base, target, paymentMethod: null })).toEqual({ ok: true, body: { type: 'subscription', subscription_id: 5, return_path: '/buy?package_id=3' } });
  });
});

describe('createAttemptKeys', () => {
  it('keeps the key while the details stay the same, and starts afresh after a change or a finished attempt', () => {
    let next = 0;
    const keys = createAttemptKeys(() => `key-000${++next}`);
    const first = keys.keyFor({ type: 'event', payment_method: 'pm_1' });
    expect(keys.keyFor({ type: 'event', payment_method: 'pm_1' })).toBe(first);
    const changed = keys.keyFor({ type: 'event', payment_method: 'pm_2' });
    expect(changed).not.toBe(first);
    keys.finish();
    expect(keys.keyFor({ type: 'event', payment_method: 'pm_2' })).not.toBe(changed);
  });

  it('makes keys the server accepts (8 to 100 letters, digits, - or _)', () => {
    expect(createAttemptKeys().keyFor({})).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});

describe('successPath', () => {
  it('goes to the event bought, or to the profile for a pass or subscription', () => {
    expect(successPath({ type: 'event', eventId: 12, singleEventPackageId: 1 })).toBe('/watch/12');
    expect(successPath({ type: 'package', packageId: 3, participantId: null, eventId: 12 })).toBe('/watch/12');
    expect(successPath({ type: 'subscription', subscriptionId: 5, eventId: null })).toBe('/profile');
  });
});
