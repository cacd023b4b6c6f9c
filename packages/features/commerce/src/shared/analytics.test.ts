import { resetAnalytics } from '@grandstand/analytics';
import { dataLayerEvents, recordDatalake } from '@grandstand/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackPurchase, type Offer } from './analytics.ts';

const offer: Offer = { type: 'event', id: 12, name: 'Final: Northfield v Eastbrook', base_price: 9.99, service_fee: 1, event_category_id: 3 };

beforeEach(() => {
  delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
});
afterEach(() => resetAnalytics());

describe('trackPurchase (spec §4 purchase analytics flow)', () => {
  it('mirrors every step of the tag manager\'s data layer to the analytics service, with the product and amount', async () => {
    const pushed = recordDatalake();
    trackPurchase('view_buy_page', offer, 'USD', 10.99);
    trackPurchase('begin_purchase', offer, 'USD', 10.99);
    trackPurchase('begin_checkout', offer, 'USD', 10.99);
    trackPurchase('purchase', offer, 'USD', 10.99);
    trackPurchase('purchase_success', offer, 'USD', 10.99, { transaction_id: 78 });
    await vi.waitFor(() => expect(pushed).toHaveLength(5));
    expect(pushed.map((item) => item.body.event)).toEqual(dataLayerEvents());
    expect(pushed.every((item) => item.call === 'event')).toBe(true);
    expect(pushed[0]?.body.extras).toEqual({ product_type: 'event', product_id: 12, product_name: 'Final: Northfield v Eastbrook', amount: 10.99, currency: 'USD' });
    expect(pushed[4]?.body.extras).toMatchObject({ order_id: 78 });
  });

  it('says why a purchase failed', async () => {
    const pushed = recordDatalake();
    trackPurchase('purchase_failed', { ...offer, type: 'subscription', id: 3, name: 'Season pass' }, 'CAD', 49, { transaction_id: 41, error_reason: 'Your card was declined.' });
    trackPurchase('purchase_failed', offer, 'USD', 10.99);
    await vi.waitFor(() => expect(pushed).toHaveLength(2));
    expect(pushed[0]?.body.extras).toEqual({ product_type: 'subscription', product_id: 3, product_name: 'Season pass', amount: 49, currency: 'CAD', order_id: 41, reason: 'Your card was declined.' });
    expect(pushed[1]?.body.extras).toMatchObject({ reason: 'failed' });
  });
});
