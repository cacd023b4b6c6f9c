import { z } from 'zod';
import { PaymentSettings } from './commerce.ts';
import { dataResponse, HexColor, Url } from './common.ts';
import { CUSTOM_FORM_FIELD_TYPES } from './customForms.ts';
import { Language, MenuPlacement, SocialProvider } from './enums.ts';
import { Picture } from './pictures.ts';

/**
 * The colour settings a channel sets (GET /color-settings/web). The theme derives every other
 * token from these, including the alpha variants of spec §9 and readable contrast colours.
 */
export const ColorSettings = z.object({
  'header-background': HexColor,
  'header-text-color': HexColor,
  'body-background': HexColor,
  'body-text-color': HexColor,
  'footer-background': HexColor,
  'footer-text-color': HexColor,
  'primary-color': HexColor,
  'secondary-color': HexColor,
});
export type ColorSettings = z.infer<typeof ColorSettings>;
export const ColorSettingsResponse = dataResponse(ColorSettings);

export const Preroll = z.object({
  id: z.number().int(),
  url: Url,
  weight: z.number().int().min(0),
  location_id: z.number().int().nullable(),
  event_categories: z.array(z.number().int()),
  for_vod: z.boolean(),
  for_live: z.boolean(),
});
export type Preroll = z.infer<typeof Preroll>;

/**
 * POST /prerolls/seen: a logged-in viewer played a preroll to its end before an event
 * (`event_id`) or an on-demand item (`vod_id`), one of the two: the server hides it for them and
 * that subject for the channel's preroll time, on every device (spec §4).
 */
export const PrerollSeenBody = z.object({
  preroll_id: z.number().int().positive().max(2_147_483_647),
  event_id: z.number().int().positive().max(2_147_483_647).optional(),
  vod_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type PrerollSeenBody = z.infer<typeof PrerollSeenBody>;
export const PrerollSeenResponse = dataResponse(z.object({ hidden_until: z.iso.datetime() }));
export type PrerollSeenResponse = z.infer<typeof PrerollSeenResponse>;

/** A block of channel HTML (about text, footer notes); sanitised by the site before it is shown. */
export const StaticBlock = z.object({ alias: z.string(), title: z.string(), content: z.string() });
export type StaticBlock = z.infer<typeof StaticBlock>;

/**
 * Whether the site asks before it tracks (the channel's choice): `off` tracks without a word,
 * `notice` tracks and says so in a dismissible notice, `opt-in` tracks (tag manager and analytics
 * service alike) only once the viewer accepts.
 */
export const AnalyticsConsent = z.enum(['off', 'notice', 'opt-in']);
export type AnalyticsConsent = z.infer<typeof AnalyticsConsent>;

const httpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** An http(s) address: the analytics service's public base URL. */
export const AnalyticsUrl = Url.refine(httpUrl, 'must be an http(s) URL');

/**
 * A Sentry-protocol DSN, `https://<public key>@<host>/<project id>`: the key and project name where
 * the site's request error reports go (spec §7).
 */
export const ErrorDsn = Url.refine((value) => {
  if (!httpUrl(value)) return false;
  const url = new URL(value);
  return url.username !== '' && /^\/(?:[^/]+\/)*\d+$/.test(url.pathname);
}, 'must be a DSN such as https://<public key>@<host>/<project id>');

/** spec §3: channel settings. */
export const ChannelSettings = z.object({
  name: z.string(),
  language: Language,
  currency: z.string().length(3).default('USD'),
  'google-analytics': z.string().nullable(),
  analytics_key: z.string().nullable(),
  /** The analytics service's public base URL (spec §7 "a separate host"); null: no analytics calls. */
  analytics_url: AnalyticsUrl.nullable().default(null),
  /** Where request error reports go (spec §7); null: none are sent. */
  error_dsn: ErrorDsn.nullable().default(null),
  /** Whether the viewer is asked before tracking; `notice` when the channel says nothing. */
  analytics_consent: AnalyticsConsent.default('notice'),
  /**
   * `remote_auth` (spec §3): devices link at the channel's `remoteAuth` address; `device_linking`:
   * whether the channel lets viewers link a device (a TV) at all, on by default.
   */
  auth: z.object({ remote_auth: z.union([z.literal(0), z.literal(1)]), device_linking: z.union([z.literal(0), z.literal(1)]).default(1) }),
  remoteAuth: z.string().nullable(),
  static_blocks: z.array(StaticBlock),
  prerolls: z.array(Preroll),
  /** spec §9: how long a played preroll stays hidden, default one hour. */
  preroll_time: z.number().int().positive().default(3_600_000),
  /** The social logins this channel offers; none when absent. */
  social_providers: z.array(SocialProvider).optional(),
  /** The card provider and its public key; the sandbox when absent. */
  payments: PaymentSettings.optional(),
});
export type ChannelSettings = z.infer<typeof ChannelSettings>;
export const ChannelSettingsResponse = dataResponse(ChannelSettings);

export const MenuItemType = z.enum(['page', 'link', 'route', 'participant_group', 'vod_media']);
export type MenuItemType = z.infer<typeof MenuItemType>;

/**
 * A menu entry. A participant-group entry carries its group so the site can link to the home
 * path with the group's alias or name (spec §2); a vod media entry carries its media id.
 */
export const MenuItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: MenuItemType,
  placement: MenuPlacement,
  position: z.number().int(),
  /** A site path for page and route entries, an absolute address for link entries. */
  url: z.string().nullable(),
  page_id: z.number().int().nullable(),
  participant_group: z.object({ id: z.number().int(), name: z.string(), alias: z.string().nullable() }).nullable(),
  vod_media_id: z.number().int().nullable(),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const MenuResponse = dataResponse(z.array(MenuItem));

/** spec §3: a page has id, url, alt_name, name. Its HTML comes from /pages/{id}. */
export const Page = z.object({
  id: z.number().int(),
  url: z.string(),
  alt_name: z.string().nullable(),
  name: z.string(),
});
export type Page = z.infer<typeof Page>;
export const PagesResponse = dataResponse(z.array(Page));
export const PageDetail = Page.extend({ content: z.string() });
export type PageDetail = z.infer<typeof PageDetail>;
export const PageDetailResponse = dataResponse(PageDetail);

export const SlidableType = z.enum(['event', 'participant', 'participant_group', 'event_category', 'vod_media', 'link']);
export type SlidableType = z.infer<typeof SlidableType>;
/** spec §3: a slide points at something through slidable_type and slidable_id. */
export const Slide = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string().nullable(),
  /** The slide's hero image from the channel folder, in sized variants; null without one. */
  picture: Picture.nullable(),
  slidable_type: SlidableType,
  slidable_id: z.number().int().nullable(),
  url: z.string().nullable(),
  position: z.number().int(),
});
export type Slide = z.infer<typeof Slide>;
export const SlidesQuery = z.object({ type: z.string().max(50).optional() });
export const SlidesResponse = dataResponse(z.array(Slide));

export const FaqItem = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), position: z.number().int() });
export type FaqItem = z.infer<typeof FaqItem>;
export const FaqResponse = dataResponse(z.array(FaqItem));

export const CustomFormField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FORM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
export type CustomFormField = z.infer<typeof CustomFormField>;
/** spec §7: GET /custom-forms/{alias}; a 404 means the channel has none. */
export const CustomForm = z.object({ alias: z.string(), title: z.string(), fields: z.array(CustomFormField) });
export type CustomForm = z.infer<typeof CustomForm>;
export const CustomFormResponse = dataResponse(CustomForm);
export const CustomFormAlias = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be lowercase letters, digits and hyphens');

/** A custom form's field value as sent: text for the text-like types, a boolean for a checkbox. */
export const CustomFormValue = z.union([z.string(), z.boolean()]);
export type CustomFormValue = z.infer<typeof CustomFormValue>;
/**
 * POST /custom-forms/{alias}: the values by field name (the api_key travels beside them, spec §7).
 * The server checks them against the stored form's fields and answers 400 naming the first bad
 * field; lengths and formats are per field type, so they are not in this shape.
 */
export const CustomFormSubmission = z.object({ values: z.record(z.string().max(64), CustomFormValue) });
export type CustomFormSubmission = z.infer<typeof CustomFormSubmission>;
/** 200, not 201: the client rejects any other success status (spec §8). */
export const CustomFormSubmissionResponse = dataResponse(z.object({ id: z.number().int() }));
export type CustomFormSubmissionResponse = z.infer<typeof CustomFormSubmissionResponse>;

/** spec §3: geo. */
export const Geo = z.object({
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  ip: z.string(),
  is_geo_blocked: z.boolean(),
});
export type Geo = z.infer<typeof Geo>;
export const GeoResponse = dataResponse(Geo);
