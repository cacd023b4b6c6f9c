import { z } from 'zod';
import { IdParam } from '../common.ts';
import { SUPPORT_REASON_MAX } from '../constants.ts';

/**
 * The control room's support screens (`/api/console/orders…`, `/api/console/viewers…`): the
 * channel's orders found by viewer, event, date and status, with the provider's payment; refunds
 * (the channel's exception to "All sales are final", spec §9) and comps; viewers found by email or
 * name, with their orders, sessions, clips and favourites; their verification mail, sessions,
 * suspension and deletion. Used by support and owners. Field names are the console's own (camelCase).
 */

// Plain values live in constants.ts (a module without schema code, so a site importing one gets no
// zod); re-exported here for the contract's own schemas and the server.
export { SUPPORT_ERROR_CODES, SUPPORT_PAGE_SIZE, SUPPORT_REASON_MAX } from '../constants.ts';
export type { SupportErrorCode } from '../constants.ts';

const Id = z.number().int().positive().max(2_147_483_647);
/** `YYYY-MM-DD`, a day on the channel's clock (UTC). */
export const SupportDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-09-12');
const Reason = z.string().trim().min(3, 'must be at least 3 characters').max(SUPPORT_REASON_MAX);

/** spec §3 Order statuses. */
export const SupportOrderStatus = z.enum(['created', 'paid', 'failed', 'refunded']);
export type SupportOrderStatus = z.infer<typeof SupportOrderStatus>;
export const SupportOrderType = z.enum(['event', 'package', 'subscription']);
export type SupportOrderType = z.infer<typeof SupportOrderType>;

/** `GET /api/console/orders`: a viewer's email (or part of it), an event, a day range, a status, comps only, a page. */
export const SupportOrdersQuery = z.object({
  email: z.string().trim().max(254).optional(),
  eventId: IdParam.optional(),
  from: SupportDate.optional(),
  to: SupportDate.optional(),
  status: SupportOrderStatus.optional(),
  comp: z.enum(['true', 'false']).optional(),
  page: IdParam.optional(),
});
export type SupportOrdersQuery = z.input<typeof SupportOrdersQuery>;

export const SupportViewerRef = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type SupportViewerRef = z.infer<typeof SupportViewerRef>;

/** One order as support sees it. Money in the channel's currency. */
export const SupportOrder = z.object({
  id: z.number().int(),
  viewer: SupportViewerRef,
  type: SupportOrderType,
  productId: z.number().int(),
  productName: z.string(),
  /** A team pass's team. */
  teamName: z.string().nullable(),
  status: SupportOrderStatus,
  /** Whether the order gives access now. */
  active: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  /** sandbox | stripe | comp; null before a charge was tried. */
  provider: z.string().nullable(),
  /** The provider's payment (or card check) id. */
  providerRef: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A pass's end, a subscription's paid period's end. */
  endsAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundedBy: z.string().nullable(),
  refundProviderRef: z.string().nullable(),
  comp: z.boolean(),
  compReason: z.string().nullable(),
  compedBy: z.string().nullable(),
});
export type SupportOrder = z.infer<typeof SupportOrder>;

export const SupportOrdersResponse = z.object({ orders: z.array(SupportOrder), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type SupportOrdersResponse = z.infer<typeof SupportOrdersResponse>;

/** One charge attempt of the order, as the server recorded it. */
export const SupportTransaction = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  card: z.string().nullable(),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTransaction = z.infer<typeof SupportTransaction>;

/** The provider's own record of the payment: its status there, refunded or not, and where to see it. */
export const SupportPayment = z.object({
  provider: z.string(),
  ref: z.string(),
  /** The provider's status (succeeded, failed, requires_action, canceled…); null when it is not read back. */
  status: z.string().nullable(),
  refunded: z.boolean(),
  /** The provider's dashboard page of the payment (Stripe), null for the sandbox. */
  dashboardUrl: z.string().nullable(),
});
export type SupportPayment = z.infer<typeof SupportPayment>;

export const SupportOrderResponse = z.object({ order: SupportOrder, transactions: z.array(SupportTransaction), payment: SupportPayment.nullable() });
export type SupportOrderResponse = z.infer<typeof SupportOrderResponse>;

/** `POST /api/console/orders/:id/refund`: the reason is required (kept with the order and in the audit log). */
export const RefundOrderBody = z.object({ reason: Reason }).strict();
export type RefundOrderBody = z.input<typeof RefundOrderBody>;

/** `POST /api/console/orders/comp`: an event, or a pass (with its team for a team pass), given at 0 to a viewer. */
export const CompOrderBody = z
  .object({
    viewerId: Id,
    type: z.enum(['event', 'package']),
    productId: Id,
    teamId: Id.optional(),
    reason: Reason,
  })
  .strict();
export type CompOrderBody = z.input<typeof CompOrderBody>;

/** What a comp picks from: the channel's events (newest first) and passes. */
export const SupportCompOptions = z.object({
  events: z.array(z.object({ id: z.number().int(), name: z.string(), startsAt: z.string(), accessType: z.string() })),
  passes: z.array(z.object({ id: z.number().int(), name: z.string(), teams: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
});
export type SupportCompOptions = z.infer<typeof SupportCompOptions>;

/** `GET /api/console/viewers`: an email or a name (or part of one), a page. */
export const SupportViewersQuery = z.object({ q: z.string().trim().max(254).optional(), page: IdParam.optional() });
export type SupportViewersQuery = z.input<typeof SupportViewersQuery>;

export const SupportViewer = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type SupportViewer = z.infer<typeof SupportViewer>;

export const SupportViewersResponse = z.object({ viewers: z.array(SupportViewer), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type SupportViewersResponse = z.infer<typeof SupportViewersResponse>;

export const SupportSession = z.object({ id: z.number().int(), startedAt: z.string().nullable(), lastActiveAt: z.string().nullable() });
export const SupportClip = z.object({ id: z.number().int(), title: z.string(), eventName: z.string().nullable(), status: z.string(), createdAt: z.string() });

/** `GET /api/console/viewers/:id`: the viewer with their orders, sessions, clips and favourites count. */
export const SupportViewerDetail = z.object({
  viewer: SupportViewer,
  orders: z.array(SupportOrder),
  sessions: z.array(SupportSession),
  clips: z.array(SupportClip),
  favouritesCount: z.number().int(),
});
export type SupportViewerDetail = z.infer<typeof SupportViewerDetail>;

/** `POST /api/console/viewers/:id/suspend`: the reason is shown to the viewer. */
export const SuspendViewerBody = z.object({ reason: Reason }).strict();
export type SuspendViewerBody = z.input<typeof SuspendViewerBody>;

/** `POST /api/console/viewers/:id/delete`: a deletion asked for by the viewer, with its note for the audit log. */
export const DeleteViewerBody = z.object({ reason: Reason }).strict();
export type DeleteViewerBody = z.input<typeof DeleteViewerBody>;

/** The answer of an action on a viewer: the viewer as it now is, and what was done (sessions ended, mail sent). */
export const SupportViewerActionResponse = z.object({ viewer: SupportViewer, done: z.string() });
export type SupportViewerActionResponse = z.infer<typeof SupportViewerActionResponse>;

/**
 * What a deletion on request removes (the viewer's account and what only served them) and what it
 * keeps (orders and transactions: the channel's accounts). The screen lists these; the server
 * README says the same.
 */
export const VIEWER_DELETION_REMOVES = ['account', 'sessions', 'favourites', 'calendar', 'clips', 'analytics'] as const;
export const VIEWER_DELETION_KEEPS = ['orders'] as const;
