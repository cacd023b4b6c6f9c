import type { AccessType, ConsoleEvent, ConsoleEventOptions, CreateConsoleEventBody, ScheduleStatus, StreamStatus, UpdateConsoleEventBody } from '@grandstand/contract';
import { SCHEDULE_ERROR_CODES, SCHEDULE_PAGE_SIZE } from '@grandstand/contract';
import { type Selectable, sql } from 'kysely';
import type { DataChangedBus } from '../../core/buses.ts';
import type { Database, DatabaseSchema } from '../../core/db/schema.ts';
import type { AuditEntryInput, ConsoleActor } from '../operators/index.ts';
import { canonicalTimeZone, checkDraft, DEFAULT_DURATION_MINUTES, eventType, localToUtcSeconds, roundMoney, ScheduleProblem, TIME_ZONES, teamsName, utcSecondsToLocal } from './rules.ts';

/** Who makes a change in the control room: an operator or an integration token. */
export type ScheduleActor = ConsoleActor;

/** Writes one audit row in the transaction of the change it records (the operators' `recordAudit`). */
export type AuditWriter = (db: Database, entry: AuditEntryInput) => Promise<void>;

type EventRow = Selectable<DatabaseSchema['events']>;

/** Names an import has already looked up in its transaction: each team's name by id. */
export interface KnownNames {
  teamNames: ReadonlyMap<number, string>;
}

/** The events row of checked fields: the name made from the teams when the operator gave none ("away @ home", spec §3). */
function columnsOf(values: EventValues, zone: string, start: number, teamNames: ReadonlyMap<number, string>) {
  const customName = values.name !== null && values.name.trim() !== '';
  const name = customName ? values.name!.trim() : teamsName(teamNames.get(values.awayTeamId!)!, teamNames.get(values.homeTeamId!)!);
  return {
    name,
    custom_name: customName,
    type: eventType(values.accessType),
    access_type: values.accessType,
    event_utc_ts: start,
    end_utc_ts: start + values.durationMinutes * 60,
    time_zone: zone,
    event_category_id: values.sportId,
    location_id: values.venueId,
    school_id: values.schoolId,
    base_price: roundMoney(values.price),
    service_fee: roundMoney(values.serviceFee),
    prerolls: values.prerolls,
    homepage: values.homepage,
    published: values.published,
  };
}

const SINGLE_OFFER_TEXT: Record<string, { name: string; description: string }> = {
  en: { name: 'Single event', description: 'Watch one game of your choice, for as long as it stays on the channel.' },
  fr: { name: "Événement à l'unité", description: "Regardez le match de votre choix, aussi longtemps qu'il reste en ligne." },
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The database's notice of a changed schedule (payload: the channel id), heard by every instance on the database. */
export const SCHEDULE_CHANGED_CHANNEL = 'grandstand_schedule_changed';

/**
 * Tells every instance, once the transaction commits (PostgreSQL delivers a notice at commit, and
 * never for a rolled-back one), that the channel's schedule changed: each drops its caches as this
 * one does through its own bus (architecture: stateless instances).
 */
export async function noticeScheduleChanged(tx: Database, channelId: number): Promise<void> {
  await sql`select pg_notify(${SCHEDULE_CHANGED_CHANNEL}, ${String(channelId)})`.execute(tx);
}

/**
 * The camera's signal moves an event between upcoming, live and finished (modules/live, spec §8):
 * no operator's change, so neither `changed_by` nor an audit row (a re-seed may still refresh a
 * seeded event). Every instance is told once `tx` commits. Whether it changed.
 */
export async function setStreamStatus(tx: Database, channelId: number, eventId: number, status: StreamStatus): Promise<boolean> {
  const result = await tx.updateTable('events').set({ stream_status: status }).where('channel_id', '=', channelId).where('id', '=', eventId).where('stream_status', '!=', status).executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await noticeScheduleChanged(tx, channelId);
  return changed;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A fully merged event before it is written: the contract's fields, resolved and checked. */
interface EventValues {
  name: string | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  schoolId: number | null;
  sportId: number;
  venueId: number | null;
  startsAt: string;
  timeZone: string;
  durationMinutes: number;
  accessType: AccessType;
  price: number;
  serviceFee: number;
  prerolls: boolean;
  homepage: boolean;
  published: boolean;
}

/**
 * The control room's schedule (spec §1, admin dashboard): the channel's events as operators list,
 * create, edit, reschedule, publish, unpublish and cancel them. Every read and write is scoped by
 * the operator's channel (architecture: multi-tenancy); every write is one transaction with its
 * audit row, then the channel's caches are told (viewers see the change at once).
 */
export class ScheduleRepository {
  readonly #db: Database;
  readonly #audit: AuditWriter;
  readonly #dataChanged: DataChangedBus;

  constructor(db: Database, audit: AuditWriter, dataChanged: DataChangedBus) {
    this.#db = db;
    this.#audit = audit;
    this.#dataChanged = dataChanged;
  }

  /** A page of the channel's events: live, upcoming soonest first, then finished newest first. */
  async list(channelId: number, query: { status?: ScheduleStatus | undefined; q?: string | undefined; page?: number | undefined }): Promise<{ events: ConsoleEvent[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    let select = this.#db.selectFrom('events').where('channel_id', '=', channelId);
    switch (query.status) {
      case 'unpublished':
        select = select.where('published', '=', false).where('cancelled_at', 'is', null);
        break;
      case 'cancelled':
        select = select.where('cancelled_at', 'is not', null);
        break;
      case undefined:
        break;
      default:
        select = select.where('stream_status', '=', query.status).where('cancelled_at', 'is', null);
    }
    if (query.q) select = select.where('name', 'ilike', likePattern(query.q));
    // What is coming first: live, then upcoming soonest first, then finished newest first (a
    // producer looks ahead); a finished or cancelled listing newest first.
    const newestFirst = query.status === 'finished' || query.status === 'cancelled';
    const ordered = newestFirst
      ? select.selectAll().orderBy('event_utc_ts', 'desc').orderBy('id', 'desc')
      : select
          .selectAll()
          .orderBy(sql`case stream_status when 'live' then 0 when 'upcoming' then 1 else 2 end`)
          .orderBy(sql`case when stream_status = 'finished' then -event_utc_ts else event_utc_ts end`)
          .orderBy('id');
    const [rows, counted] = await Promise.all([
      ordered.offset((page - 1) * SCHEDULE_PAGE_SIZE).limit(SCHEDULE_PAGE_SIZE).execute(),
      select.select(sql<string | number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { events: await this.#toConsole(this.#db, channelId, rows), total: Number(counted.total), page, pageSize: SCHEDULE_PAGE_SIZE };
  }

  /** One of the channel's events; undefined for another channel's or none. */
  async get(channelId: number, id: number, db: Database = this.#db): Promise<ConsoleEvent | undefined> {
    const row = await db.selectFrom('events').selectAll().where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [event] = await this.#toConsole(db, channelId, [row]);
    return event;
  }

  /** What the event form picks from: the channel's teams, schools, sports and venues, and the time zones. */
  async options(channelId: number): Promise<ConsoleEventOptions> {
    const [teams, schools, sports, venues, channel, zone] = await Promise.all([
      this.#db.selectFrom('participants').select(['id', 'name', 'participant_group_id', 'sport_category_id']).where('channel_id', '=', channelId).orderBy('name').orderBy('id').execute(),
      this.#db.selectFrom('participant_groups').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('name').orderBy('id').execute(),
      this.#db.selectFrom('event_categories').select(['id', 'name', 'parent_id']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute(),
      this.#db.selectFrom('event_locations').select(['id', 'name', 'city']).where('channel_id', '=', channelId).orderBy('name').orderBy('id').execute(),
      this.#db.selectFrom('channels').select('currency').where('id', '=', channelId).executeTakeFirstOrThrow(),
      this.defaultTimeZone(channelId),
    ]);
    return {
      teams: teams.map((t) => ({ id: t.id, name: t.name, schoolId: t.participant_group_id, sportId: t.sport_category_id })),
      schools,
      sports: sports.map((s) => ({ id: s.id, name: s.name, parentId: s.parent_id })),
      venues,
      timeZones: [...TIME_ZONES],
      defaultTimeZone: zone,
      currency: channel.currency,
    };
  }

  /** The channel's time zone: that of its first event, else UTC. */
  async defaultTimeZone(channelId: number): Promise<string> {
    const row = await this.#db.selectFrom('events').select('time_zone').where('channel_id', '=', channelId).orderBy('id').limit(1).executeTakeFirst();
    return (row && canonicalTimeZone(row.time_zone)) ?? 'UTC';
  }

  async create(actor: ScheduleActor, body: CreateConsoleEventBody): Promise<ConsoleEvent> {
    const values: EventValues = {
      name: body.name ?? null,
      homeTeamId: body.homeTeamId ?? null,
      awayTeamId: body.awayTeamId ?? null,
      schoolId: body.schoolId ?? null,
      sportId: body.sportId,
      venueId: body.venueId ?? null,
      startsAt: body.startsAt,
      timeZone: body.timeZone,
      durationMinutes: body.durationMinutes ?? DEFAULT_DURATION_MINUTES,
      accessType: body.accessType,
      price: body.price ?? 0,
      serviceFee: body.serviceFee ?? 0,
      prerolls: body.prerolls ?? true,
      homepage: body.homepage ?? true,
      published: body.published ?? false,
    };
    const event = await this.#db.transaction().execute(async (tx) => {
      const id = await this.insertEvent(tx, actor, values);
      const after = (await this.get(actor.channelId, id, tx))!;
      await this.#audit(tx, { actor, action: 'event.create', subject: `event:${id}`, before: null, after });
      await noticeScheduleChanged(tx, actor.channelId);
      return after;
    });
    this.#dataChanged.emit(actor.channelId);
    return event;
  }

  /** Writes a new event of the control room in `tx` (checked first); its id. */
  async insertEvent(tx: Database, actor: ScheduleActor, values: EventValues): Promise<number> {
    const row = await this.#rowValues(tx, actor.channelId, values);
    const inserted = await tx
      .insertInto('events')
      .values({ ...row.columns, channel_id: actor.channelId, stream_status: 'upcoming', image: null, origin: 'console', seed_ref: null, changed_by: actor.label, changed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#writeSides(tx, actor.channelId, inserted.id, values);
    if (values.accessType === 'paid' || values.accessType === 'ppv') await ensureSingleOffer(tx, actor.channelId);
    return inserted.id;
  }

  /**
   * An import's events in a few statements (the lines checked, their names looked up in `tx`): one
   * insert of the events and one of their teams per hundred lines, in the lines' order. Their ids.
   */
  async insertImported(tx: Database, actor: ScheduleActor, lines: readonly EventValues[], known: KnownNames): Promise<number[]> {
    const ids: number[] = [];
    const changedAt = new Date();
    for (let at = 0; at < lines.length; at += 100) {
      const chunk = lines.slice(at, at + 100);
      const rows = await Promise.all(chunk.map((values) => this.#rowValues(tx, actor.channelId, values, known)));
      const inserted = await tx
        .insertInto('events')
        .values(rows.map((row) => ({ ...row.columns, channel_id: actor.channelId, stream_status: 'upcoming', image: null, origin: 'console' as const, seed_ref: null, changed_by: actor.label, changed_at: changedAt })))
        .returning('id')
        .execute();
      // PostgreSQL returns a multi-row insert's rows in the order of its values.
      const chunkIds = inserted.map((row) => row.id);
      const sides = chunk.flatMap((values, index) =>
        ([['home', values.homeTeamId], ['away', values.awayTeamId]] as const).flatMap(([side, participantId]) => (participantId === null ? [] : [{ channel_id: actor.channelId, event_id: chunkIds[index]!, participant_id: participantId, side }])),
      );
      if (sides.length > 0) await tx.insertInto('event_participants').values(sides).execute();
      ids.push(...chunkIds);
    }
    return ids;
  }

  /** Any subset of an event's fields; a reschedule is `startsAt` (and `timeZone`). */
  async update(actor: ScheduleActor, id: number, body: UpdateConsoleEventBody): Promise<ConsoleEvent> {
    return this.#change(actor, id, 'event.update', async (tx, before, row) => {
      if (row.cancelled_at !== null) throw new ScheduleProblem('id', SCHEDULE_ERROR_CODES.cancelled, 'This event is cancelled: it can no longer be changed.', 409);
      const values: EventValues = {
        name: body.name !== undefined ? body.name : before.customName ? before.name : null,
        homeTeamId: body.homeTeamId !== undefined ? body.homeTeamId : (before.homeTeam?.id ?? null),
        awayTeamId: body.awayTeamId !== undefined ? body.awayTeamId : (before.awayTeam?.id ?? null),
        schoolId: body.schoolId !== undefined ? body.schoolId : row.school_id,
        sportId: body.sportId ?? (before.sport?.id as number),
        venueId: body.venueId !== undefined ? body.venueId : (before.venue?.id ?? null),
        // A new time zone alone keeps the event's local time: the operator corrects where it is, not when.
        startsAt: body.startsAt ?? before.localStartsAt,
        timeZone: body.timeZone ?? before.timeZone,
        durationMinutes: body.durationMinutes ?? before.durationMinutes,
        accessType: body.accessType ?? before.accessType,
        price: body.price ?? before.price,
        serviceFee: body.serviceFee ?? before.serviceFee,
        prerolls: body.prerolls ?? before.prerolls,
        homepage: body.homepage ?? before.homepage,
        published: body.published ?? before.published,
      };
      // A seed event whose sport was removed has none: the operator must choose one to edit it.
      if (before.sport === null && body.sportId === undefined) throw new ScheduleProblem('sportId', SCHEDULE_ERROR_CODES.unknownReference, 'Choose the sport.');
      const next = await this.#rowValues(tx, actor.channelId, values);
      await tx
        .updateTable('events')
        .set({ ...next.columns, changed_by: actor.label, changed_at: new Date() })
        .where('channel_id', '=', actor.channelId)
        .where('id', '=', id)
        .execute();
      const teamsChanged = body.homeTeamId !== undefined || body.awayTeamId !== undefined;
      if (teamsChanged) {
        await tx.deleteFrom('event_participants').where('channel_id', '=', actor.channelId).where('event_id', '=', id).execute();
        await this.#writeSides(tx, actor.channelId, id, values);
      }
      if (values.accessType === 'paid' || values.accessType === 'ppv') await ensureSingleOffer(tx, actor.channelId);
    });
  }

  async setPublished(actor: ScheduleActor, id: number, published: boolean): Promise<ConsoleEvent> {
    return this.#change(actor, id, published ? 'event.publish' : 'event.unpublish', async (tx, before, row) => {
      if (row.cancelled_at !== null) throw new ScheduleProblem('id', SCHEDULE_ERROR_CODES.cancelled, 'This event is cancelled: it can no longer be changed.', 409);
      if (before.published === published) return false;
      await tx.updateTable('events').set({ published, changed_by: actor.label, changed_at: new Date() }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  /** Calls the event off: it stays, marked cancelled, for viewers and calendars; neither watched nor sold. A second cancel changes nothing. */
  async cancel(actor: ScheduleActor, id: number): Promise<ConsoleEvent> {
    return this.#change(actor, id, 'event.cancel', async (tx, _before, row) => {
      if (row.cancelled_at !== null) return false;
      await tx.updateTable('events').set({ cancelled_at: new Date(), changed_by: actor.label, changed_at: new Date() }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  /** One change of one event in a transaction with its audit row (none when `apply` says nothing changed). */
  async #change(actor: ScheduleActor, id: number, action: string, apply: (tx: Database, before: ConsoleEvent, row: EventRow) => Promise<void | false>): Promise<ConsoleEvent> {
    let changed = false;
    const event = await this.#db.transaction().execute(async (tx) => {
      // Locked, so two operators' changes of one event are one after the other and each audit row's "before" is true.
      const row = await tx.selectFrom('events').selectAll().where('channel_id', '=', actor.channelId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new ScheduleProblem('id', SCHEDULE_ERROR_CODES.notFound, 'Event not found.', 404);
      const [before] = (await this.#toConsole(tx, actor.channelId, [row])) as [ConsoleEvent];
      if ((await apply(tx, before, row)) === false) return before;
      changed = true;
      const after = (await this.get(actor.channelId, id, tx))!;
      await this.#audit(tx, { actor, action, subject: `event:${id}`, before, after });
      await noticeScheduleChanged(tx, actor.channelId);
      return after;
    });
    if (changed) this.#dataChanged.emit(actor.channelId);
    return event;
  }

  /** The columns of an event from its fields: every id the channel's, the time real, the rules across fields kept. */
  async #rowValues(tx: Database, channelId: number, values: EventValues, known?: KnownNames) {
    checkDraft(values);
    const zone = canonicalTimeZone(values.timeZone);
    if (zone === null) throw new ScheduleProblem('timeZone', SCHEDULE_ERROR_CODES.badTimeZone, 'Choose a time zone from the list (e.g. America/Toronto).');
    const start = localToUtcSeconds(values.startsAt, zone);
    if (start === null) throw new ScheduleProblem('startsAt', SCHEDULE_ERROR_CODES.badDate, 'This date does not exist.');
    if (known) return { columns: columnsOf(values, zone, start, known.teamNames) };
    const teams = [values.homeTeamId, values.awayTeamId].filter((id): id is number => id !== null);
    const [teamRows, school, sport, venue] = await Promise.all([
      teams.length === 0 ? [] : tx.selectFrom('participants').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', teams).execute(),
      values.schoolId === null ? null : tx.selectFrom('participant_groups').select('id').where('channel_id', '=', channelId).where('id', '=', values.schoolId).executeTakeFirst(),
      tx.selectFrom('event_categories').select('id').where('channel_id', '=', channelId).where('id', '=', values.sportId).executeTakeFirst(),
      values.venueId === null ? null : tx.selectFrom('event_locations').select('id').where('channel_id', '=', channelId).where('id', '=', values.venueId).executeTakeFirst(),
    ]);
    // Another channel's ids are as unknown as missing ones (architecture: multi-tenancy).
    const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
    if (values.homeTeamId !== null && !teamName.has(values.homeTeamId)) throw new ScheduleProblem('homeTeamId', SCHEDULE_ERROR_CODES.unknownReference, 'No such team.');
    if (values.awayTeamId !== null && !teamName.has(values.awayTeamId)) throw new ScheduleProblem('awayTeamId', SCHEDULE_ERROR_CODES.unknownReference, 'No such team.');
    if (school === undefined) throw new ScheduleProblem('schoolId', SCHEDULE_ERROR_CODES.unknownReference, 'No such school.');
    if (!sport) throw new ScheduleProblem('sportId', SCHEDULE_ERROR_CODES.unknownReference, 'No such sport.');
    if (venue === undefined) throw new ScheduleProblem('venueId', SCHEDULE_ERROR_CODES.unknownReference, 'No such venue.');
    return { columns: columnsOf(values, zone, start, teamName) };
  }

  async #writeSides(tx: Database, channelId: number, eventId: number, values: EventValues): Promise<void> {
    for (const [side, participantId] of [['home', values.homeTeamId], ['away', values.awayTeamId]] as const) {
      if (participantId !== null) await tx.insertInto('event_participants').values({ channel_id: channelId, event_id: eventId, participant_id: participantId, side }).execute();
    }
  }

  /** Rows to the console's events, with their teams, school, sport and venue named. */
  async #toConsole(db: Database, channelId: number, rows: readonly EventRow[]): Promise<ConsoleEvent[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const sides = await db
      .selectFrom('event_participants as ep')
      .innerJoin('participants as p', 'p.id', 'ep.participant_id')
      .select(['ep.event_id', 'ep.side', 'p.id', 'p.name', 'p.participant_group_id'])
      .where('ep.channel_id', '=', channelId)
      .where('ep.event_id', 'in', ids)
      .orderBy('ep.id')
      .execute();
    const groupIds = [...new Set([...rows.map((r) => r.school_id), ...sides.map((s) => s.participant_group_id)].filter((id): id is number => id !== null))];
    const categoryIds = [...new Set(rows.map((r) => r.event_category_id).filter((id): id is number => id !== null))];
    const locationIds = [...new Set(rows.map((r) => r.location_id).filter((id): id is number => id !== null))];
    const [groups, categories, locations, offer] = await Promise.all([
      groupIds.length === 0 ? [] : db.selectFrom('participant_groups').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', groupIds).execute(),
      categoryIds.length === 0 ? [] : db.selectFrom('event_categories').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', categoryIds).execute(),
      locationIds.length === 0 ? [] : db.selectFrom('event_locations').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', locationIds).execute(),
      singleOfferId(db, channelId),
    ]);
    const byId = <T extends { id: number }>(list: readonly T[]) => new Map(list.map((item) => [item.id, item]));
    const [groupById, categoryById, locationById] = [byId(groups), byId(categories), byId(locations)];
    const named = (item: { id: number; name: string } | undefined) => (item ? { id: item.id, name: item.name } : null);
    return rows.map((row) => {
      const home = sides.find((s) => s.event_id === row.id && s.side === 'home');
      const away = sides.find((s) => s.event_id === row.id && s.side === 'away');
      const schoolId = row.school_id ?? home?.participant_group_id ?? null;
      const start = Number(row.event_utc_ts);
      const accessType = row.access_type as AccessType;
      return {
        id: row.id,
        name: row.name,
        customName: row.custom_name,
        homeTeam: home ? { id: home.id, name: home.name } : null,
        awayTeam: away ? { id: away.id, name: away.name } : null,
        school: schoolId === null ? null : named(groupById.get(schoolId)),
        sport: row.event_category_id === null ? null : named(categoryById.get(row.event_category_id)),
        venue: row.location_id === null ? null : named(locationById.get(row.location_id)),
        startsAt: new Date(start * 1000).toISOString(),
        localStartsAt: utcSecondsToLocal(start, canonicalTimeZone(row.time_zone) ?? 'UTC'),
        timeZone: row.time_zone,
        durationMinutes: Math.max(1, Math.round((Number(row.end_utc_ts) - start) / 60)),
        accessType,
        price: Number(row.base_price),
        serviceFee: Number(row.service_fee),
        prerolls: row.prerolls,
        homepage: row.homepage,
        published: row.published,
        cancelled: row.cancelled_at !== null,
        cancelledAt: iso(row.cancelled_at),
        streamStatus: row.stream_status as StreamStatus,
        origin: row.origin,
        changedBy: row.changed_by,
        changedAt: iso(row.changed_at),
        singleEventPackageId: accessType === 'paid' || accessType === 'ppv' ? offer : null,
      };
    });
  }
}

/** The channel's single-event offer (spec §5 "a paid event requires a single-event package id"): the first by weight of those still sold. */
export async function singleOfferId(db: Database, channelId: number): Promise<number | null> {
  const row = await db.selectFrom('packages').select('id').where('channel_id', '=', channelId).where('scope', '=', 'single').where('retired_at', 'is', null).orderBy('weight').orderBy('position').orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A paid or ppv event is sold through the channel's single-event offer at its own price (spec §5):
 * when the channel has none, one is made, in its language, so the event can be bought as soon as
 * it is published. Its own price fields are 0 (the contract: the event's price is the price).
 */
export async function ensureSingleOffer(db: Database, channelId: number): Promise<number> {
  const existing = await singleOfferId(db, channelId);
  if (existing !== null) return existing;
  const channel = await db.selectFrom('channels').select('language').where('id', '=', channelId).executeTakeFirstOrThrow();
  const text = SINGLE_OFFER_TEXT[channel.language] ?? SINGLE_OFFER_TEXT.en!;
  const row = await db
    .insertInto('packages')
    .values({ channel_id: channelId, name: text.name, description: text.description, scope: 'single', base_price: 0, service_fee: 0, offer: null, period: null, weight: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the channel has a paid or ppv event that is the control room's or an operator changed (a re-seed keeps its offer in step). */
export async function needsSingleOffer(db: Database, channelId: number): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('access_type', 'in', ['paid', 'ppv'])
    .where((eb) => eb.or([eb('origin', '=', 'console'), eb('changed_at', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type { EventValues };
