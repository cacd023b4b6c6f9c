import type { Order } from '@grandstand/contract';
import type { Database } from '../../../core/db/schema.ts';
import type { Buyer } from './checkout.ts';
import type { OrdersRepository } from './ordersRepository.ts';
import { PurchaseProblem } from './pricing.ts';

/** spec §4 auto-renewal: the "processed" message once cancelled (product rules wording). */
export const UNSUBSCRIBE_MESSAGE = 'Your request has been processed. Auto-renewal is cancelled; your subscription stays active until the end of the paid period.';

/**
 * spec §7 POST {card-provider}/unsubscribe: auto-renewal off, status canceled; access lasts to the
 * end of the paid period, when the renewal job expires it. Cancelling twice answers the same.
 */
export async function unsubscribe(db: Database, orders: OrdersRepository, buyer: Buyer, orderId: number): Promise<Order> {
  const row = await orders.find(buyer.channelId, buyer.userId, orderId);
  if (!row) throw new PurchaseProblem('order_id', 'Order not found.', 404);
  if (row.type !== 'subscription' || row.status !== 'paid' || (row.sub_status !== 'active' && row.sub_status !== 'canceled')) {
    throw new PurchaseProblem('order_id', 'This order is not an active subscription.');
  }
  await db
    .updateTable('orders')
    .set({ auto_renew: false, sub_status: 'canceled' })
    .where('id', '=', row.id)
    .where('channel_id', '=', buyer.channelId)
    .where('sub_status', 'in', ['active', 'canceled'])
    .execute();
  const updated = await orders.find(buyer.channelId, buyer.userId, orderId);
  return orders.withTransactions(updated ?? row);
}
