import { describe, expect, it } from 'vitest';
import { pushEcommerce, type EcommerceData, type DataLayerTarget } from './ecommerce.ts';

const data: EcommerceData = {
  currency: 'USD',
  value: 10.98,
  items: [{ id: 7, name: 'Final: Northfield v Eastbrook', base_price: 9.99, event_category_id: 3 }],
  item_type: 'event',
};

describe('pushEcommerce', () => {
  it('creates the data layer and clears the previous ecommerce object before the event', () => {
    const target: DataLayerTarget = {};
    pushEcommerce('view_buy_page', data, target);
    expect(target.dataLayer).toEqual([{ ecommerce: null }, { event: 'view_buy_page', ecommerce: data }]);
  });

  it('appends to an existing data layer in order', () => {
    const target: DataLayerTarget = { dataLayer: [{ event: 'gtm.js' }] };
    pushEcommerce('purchase', data, target);
    pushEcommerce('purchase_failed', { ...data, transaction_id: 41, error_reason: 'Your card was declined.' }, target);
    expect(target.dataLayer).toEqual([
      { event: 'gtm.js' },
      { ecommerce: null },
      { event: 'purchase', ecommerce: data },
      { ecommerce: null },
      { event: 'purchase_failed', ecommerce: { ...data, transaction_id: 41, error_reason: 'Your card was declined.' } },
    ]);
  });

  it('does nothing without a window (a server render) and no target', () => {
    expect(typeof window).toBe('undefined');
    expect(() => pushEcommerce('begin_checkout', data)).not.toThrow();
    expect((globalThis as DataLayerTarget).dataLayer).toBeUndefined();
  });
});
