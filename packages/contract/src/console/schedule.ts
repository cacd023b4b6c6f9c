import { z } from 'zod';
import { ApiErrorBody, IdParam } from '../common.ts';
import { AccessType, StreamStatus } from '../enums.ts';

/**
 * The control room's schedule (`/api/console/events…`): the channel's events as its operators
 * create, edit, reschedule, publish, unpublish and cancel them, and a season imported from a CSV.
 * Read by owners, producers and support; written by owners and producers (and integration tokens
 * of those roles). Field names are the console's own (camelCase), not the viewers' API's.
 */

/** A console listing's status filter: the stream status, or an event viewers do not see as such. */
export const ScheduleStatus = z.enum(['upcoming', 'live', 'finished', 'unpublished', 'cancelled']);
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;

/** Where an event comes from: the channel's demo seed, or the control room (by hand, CSV or token). */
export const EventOrigin = z.enum(['seed', 'console']);
export type EventOrigin = z.infer<typeof EventOrigin>;

/** The events listed per page. */
export const SCHEDULE_PAGE_SIZE = 50;
/** The longest event name. */
export const SCHEDULE_NAME_MAX = 200;
/** The highest price or fee, in the channel's currency. */
export const SCHEDULE_PRICE_MAX = 10_000;
/** The CSV import's largest text (characters): about 500 lines, under the API's body limit. */
export const SCHEDULE_CSV_MAX = 60_000;
/** The CSV import's most lines (the header excluded). */
export const SCHEDULE_CSV_MAX_LINES = 500;

/** `GET /api/console/events`: a status, a text found in the name, a page (from 1). */
export const ConsoleEventsQuery = z.object({
  status: ScheduleStatus.optional(),
  q: z.string().trim().max(100).optional(),
  page: IdParam.optional(),
});
export type ConsoleEventsQuery = z.input<typeof ConsoleEventsQuery>;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** One event as the control room shows it. */
export const ConsoleEvent = z.object({
  id: z.number().int(),
  /** The name viewers see: the operator's, or "away @ home" (spec §3) when it has two teams and no name. */
  name: z.string(),
  /** Whether the name is the operator's own (false: made from the teams). */
  customName: z.boolean(),
  homeTeam: Named.nullable(),
  awayTeam: Named.nullable(),
  school: Named.nullable(),
  sport: Named.nullable(),
  venue: Named.nullable(),
  /** The start, an instant (UTC ISO 8601). */
  startsAt: z.string(),
  /** The start on the event's own clock, `YYYY-MM-DDTHH:mm` in `timeZone` (what the form edits). */
  localStartsAt: z.string(),
  /** IANA time zone of the venue. */
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  accessType: AccessType,
  price: z.number(),
  serviceFee: z.number(),
  prerolls: z.boolean(),
  /** Shown in the home page's rails. */
  homepage: z.boolean(),
  published: z.boolean(),
  cancelled: z.boolean(),
  /** ISO 8601, or null. */
  cancelledAt: z.string().nullable(),
  streamStatus: StreamStatus,
  origin: EventOrigin,
  /** Who changed it last in the control room (an operator's or a token's label), and when; null for an untouched seed event. */
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  /** The single-event offer a viewer buys a paid or ppv event through (spec §5); null for free and register events. */
  singleEventPackageId: z.number().int().nullable(),
});
export type ConsoleEvent = z.infer<typeof ConsoleEvent>;

export const ConsoleEventsResponse = z.object({
  events: z.array(ConsoleEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConsoleEventsResponse = z.infer<typeof ConsoleEventsResponse>;

export const ConsoleEventResponse = z.object({ event: ConsoleEvent });
export type ConsoleEventResponse = z.infer<typeof ConsoleEventResponse>;

/** `GET /api/console/events/options`: what the event form picks from. */
export const ConsoleEventOptions = z.object({
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), schoolId: z.number().int().nullable(), sportId: z.number().int().nullable() })),
  schools: z.array(Named),
  sports: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() })),
  venues: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable() })),
  timeZones: z.array(z.string()),
  /** The channel's own time zone, the form's default (its first event's, else UTC). */
  defaultTimeZone: z.string(),
  currency: z.string(),
});
export type ConsoleEventOptions = z.infer<typeof ConsoleEventOptions>;

/** `YYYY-MM-DDTHH:mm`, a date-time on the event's own clock (no offset: `timeZone` says which). */
export const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a date and time like 2026-09-12T19:00');
const Id = z.number().int().positive().max(2_147_483_647);
const Money = z.number().min(0).max(SCHEDULE_PRICE_MAX);

/** The fields of an event the control room writes. Rules across fields (a name or two teams, a price for paid and ppv) are the server's. */
const EventFields = z.object({
  /** Required unless both teams are given (then "away @ home" when null or absent). */
  name: z.string().trim().max(SCHEDULE_NAME_MAX).nullable(),
  homeTeamId: Id.nullable(),
  awayTeamId: Id.nullable(),
  schoolId: Id.nullable(),
  sportId: Id,
  venueId: Id.nullable(),
  startsAt: LocalDateTime,
  /** IANA, e.g. America/Toronto. */
  timeZone: z.string().min(1).max(64),
  durationMinutes: z.number().int().min(1).max(24 * 60),
  accessType: AccessType,
  /** Required above 0 for paid and ppv events. */
  price: Money,
  serviceFee: Money,
  prerolls: z.boolean(),
  homepage: z.boolean(),
  published: z.boolean(),
});

/** `POST /api/console/events`. Absent: no teams, school, venue; 120 minutes; free at 0; prerolls on; on the home page; unpublished. */
export const CreateConsoleEventBody = EventFields.partial().required({ sportId: true, startsAt: true, timeZone: true, accessType: true }).strict();
export type CreateConsoleEventBody = z.input<typeof CreateConsoleEventBody>;

/** `PATCH /api/console/events/:id`: any subset; a reschedule is `startsAt` (with `timeZone`). */
export const UpdateConsoleEventBody = EventFields.partial().strict();
export type UpdateConsoleEventBody = z.input<typeof UpdateConsoleEventBody>;

/** The CSV import's columns, in the template's order. date, time, time_zone, sport, access and either home and away or name are required. */
export const SCHEDULE_CSV_COLUMNS = ['date', 'time', 'time_zone', 'home', 'away', 'name', 'school', 'sport', 'venue', 'access', 'price', 'service_fee', 'duration_minutes', 'published'] as const;
export type ScheduleCsvColumn = (typeof SCHEDULE_CSV_COLUMNS)[number];

const NameList = z.array(z.string().trim().min(1).max(SCHEDULE_NAME_MAX)).max(SCHEDULE_CSV_MAX_LINES * 2);

/**
 * `POST /api/console/events/import`. `dryRun`: check only. `create`: the unknown names to create
 * in the same import (each as written in the CSV). `skipInvalid`: import the good lines and leave
 * the bad ones out (listed in `errors`); without it an import with a bad line is refused (422,
 * `ScheduleImportRefusal`).
 * Importing is one transaction: every line's event, or none.
 */
export const ScheduleImportBody = z
  .object({
    csv: z.string().min(1).max(SCHEDULE_CSV_MAX),
    dryRun: z.boolean(),
    skipInvalid: z.boolean().optional(),
    create: z.object({ teams: NameList.optional(), schools: NameList.optional(), venues: NameList.optional(), sports: NameList.optional() }).strict().optional(),
  })
  .strict();
export type ScheduleImportBody = z.input<typeof ScheduleImportBody>;

/** A bad line: its line number in the file (the header is line 1), the column at fault, a code and words. */
export const ScheduleImportError = z.object({ line: z.number().int(), field: z.string(), code: z.string(), message: z.string() });
export type ScheduleImportError = z.infer<typeof ScheduleImportError>;

export const ScheduleUnknownNames = z.object({ teams: z.array(z.string()), schools: z.array(z.string()), venues: z.array(z.string()), sports: z.array(z.string()) });
export type ScheduleUnknownNames = z.infer<typeof ScheduleUnknownNames>;

/** The import's answer (also the body of its 422): lines that would import, bad lines, unknown names, and what was created. */
export const ScheduleImportResponse = z.object({
  /** Lines without an error. */
  valid: z.number().int(),
  errors: z.array(ScheduleImportError),
  /** Names matching no team, school, venue or sport of the channel, and not in `create`. */
  unknown: ScheduleUnknownNames,
  /** Events created (absent on a dry run). */
  created: z.number().int().optional(),
  /** The created events' ids, in the file's order (absent on a dry run). */
  ids: z.array(z.number().int()).optional(),
});
export type ScheduleImportResponse = z.infer<typeof ScheduleImportResponse>;

/**
 * The import's refusal (422) when a line is bad and the bad lines were not to be left out: an error
 * body (`message`, `field: 'csv'`, `code: IMPORT_INVALID`) with the dry run's findings beside it.
 */
export const ScheduleImportRefusal = ApiErrorBody.extend({
  lines: z.array(ScheduleImportError).optional(),
  unknown: ScheduleUnknownNames.optional(),
  valid: z.number().int().optional(),
});
export type ScheduleImportRefusal = z.infer<typeof ScheduleImportRefusal>;

/** The template's text (`GET /api/console/events/import/template.csv`, text/csv): the header and example lines. */
export const ScheduleTemplate = z.string().describe('CSV text (text/csv): the header (SCHEDULE_CSV_COLUMNS) and two example lines.');

/** The refusal codes of the schedule's routes (beside the field). */
export const SCHEDULE_ERROR_CODES = {
  notFound: 'EVENT_NOT_FOUND',
  invalid: 'INVALID',
  nameRequired: 'NAME_REQUIRED',
  sameTeams: 'SAME_TEAMS',
  unknownReference: 'UNKNOWN_REFERENCE',
  badTimeZone: 'BAD_TIME_ZONE',
  badDate: 'BAD_DATE',
  priceRequired: 'PRICE_REQUIRED',
  cancelled: 'EVENT_CANCELLED',
  importInvalid: 'IMPORT_INVALID',
  unknownName: 'UNKNOWN_NAME',
} as const;
