import { z } from 'zod';

// Every enumeration of spec §3, as zod enums so client and server agree on the values.

export const OrderStatus = z.enum(['created', 'failed', 'paid', 'refunded']);
export const OrderLabel = z.enum(['Paid', 'Inactive', 'Refunded', 'Active']);
export const OrderType = z.enum(['event', 'package', 'subscription']);
export const SubscriptionEntryLabel = z.enum(['New subscription', 'Subscription Renewal']);
export const RenewalLabel = z.enum(['Auto-Renewal', 'Auto-Renewal Cancelled']);
export const SubscriptionStatus = z.enum(['expired', 'inactive', 'active', 'canceled']);
export const PurchasableKind = z.enum(['subscription', 'package', 'event']);
export const ContentKind = z.enum(['event', 'vod']);
/** spec §3: finished is shown as vod. */
export const StreamStatus = z.enum(['finished', 'live', 'upcoming']);
export const AccessType = z.enum(['free', 'paid', 'register', 'ppv']);
export const BillingPeriod = z.enum(['annual', 'month', 'monthly']);
export const PermissionFeature = z.enum(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access']);
/** spec §3: user capabilities are lowercased into these flags. */
export const Capability = z.enum(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media']);
export const LimitKind = z.enum(['clips', 'downloads']);
export const MediaTypeId = {
  image: 1,
  live: 2,
  vod: 3,
  embedded: 4,
  thumbnails: 5,
  preview: 6,
  preview_alt: 7,
  embedded_preview: 8,
} as const;
export const FavouriteKind = z.enum(['participant', 'participant_group', 'event_category', 'favorite_event', 'event_location']);
/** spec §3: favourite kinds are shown as team, school, sport. */
export const FavouriteKindLabel = { participant: 'team', participant_group: 'school', event_category: 'sport' } as const;
/** spec §5: the only favoritable_type values the favourite call accepts. */
export const FavoritableType = z.enum(['participant', 'group', 'category']);
export const FilterKey = z.enum(['gender', 'sport', 'city', 'state']);
/** spec §3: male is M (shown Men), female is W (shown Women). */
export const Gender = z.enum(['M', 'W', 'not_identified']);
export const GenderLabel = { M: 'Men', W: 'Women', not_identified: 'Not identified' } as const;
export const LayoutMode = z.enum(['grid', 'list']);
export const ViewMode = z.enum(['card', 'table']);
export const MenuPlacement = z.enum(['header', 'footer', 'both']);
export const ToastType = z.enum(['success', 'error', 'info']);
export const ProcessState = z.enum(['processing', 'success', 'error']);
export const SocialProvider = z.enum(['facebook', 'google']);
export const AuthMode = z.enum(['login', 'registration']);
export const ClipStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export const Language = z.enum(['en', 'fr']);
export const QueryKey = z.enum([
  'event_id',
  'category_id',
  'school',
  'team',
  'sport',
  'channel',
  'division',
  'group',
  'modal',
  'event_category_id',
  'participant_id',
  'single_event_package_id',
  'code',
  'subscription_id',
  'package_id',
  'trk',
  'location',
  'email',
  'expires',
  'signature',
  'vod_id',
  'type',
]);

export type OrderStatus = z.infer<typeof OrderStatus>;
export type OrderLabel = z.infer<typeof OrderLabel>;
export type OrderType = z.infer<typeof OrderType>;
export type SubscriptionEntryLabel = z.infer<typeof SubscriptionEntryLabel>;
export type RenewalLabel = z.infer<typeof RenewalLabel>;
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export type PurchasableKind = z.infer<typeof PurchasableKind>;
export type ContentKind = z.infer<typeof ContentKind>;
export type StreamStatus = z.infer<typeof StreamStatus>;
export type AccessType = z.infer<typeof AccessType>;
export type BillingPeriod = z.infer<typeof BillingPeriod>;
export type PermissionFeature = z.infer<typeof PermissionFeature>;
export type Capability = z.infer<typeof Capability>;
export type LimitKind = z.infer<typeof LimitKind>;
export type MediaTypeName = keyof typeof MediaTypeId;
export type FavouriteKind = z.infer<typeof FavouriteKind>;
export type FavoritableType = z.infer<typeof FavoritableType>;
export type FilterKey = z.infer<typeof FilterKey>;
export type Gender = z.infer<typeof Gender>;
export type LayoutMode = z.infer<typeof LayoutMode>;
export type ViewMode = z.infer<typeof ViewMode>;
export type MenuPlacement = z.infer<typeof MenuPlacement>;
export type ToastType = z.infer<typeof ToastType>;
export type ProcessState = z.infer<typeof ProcessState>;
export type SocialProvider = z.infer<typeof SocialProvider>;
export type AuthMode = z.infer<typeof AuthMode>;
export type ClipStatus = z.infer<typeof ClipStatus>;
export type Language = z.infer<typeof Language>;
export type QueryKey = z.infer<typeof QueryKey>;
