import type { ScheduleImportBody, ScheduleImportError, ScheduleImportRefusal, ScheduleImportResponse, ScheduleUnknownNames } from '@grandstand/contract';
import { SCHEDULE_ERROR_CODES } from '@grandstand/contract';
import type { z } from 'zod';
import type { DataChangedBus } from '../../core/buses.ts';
import type { Database } from '../../core/db/schema.ts';
import { type CsvLine, type NameKind, nameKey, namesOf, parseScheduleCsv } from './csv.ts';
import { type AuditWriter, ensureSingleOffer, noticeScheduleChanged, type ScheduleActor, type ScheduleRepository } from './repository.ts';

type ImportBody = z.output<typeof ScheduleImportBody>;

/** The channel's names of one kind, by folded name (and alias), each to its ids (a name may be shared: then ambiguous). */
type Directory = Map<string, number[]>;

const KINDS: readonly NameKind[] = ['teams', 'schools', 'sports', 'venues'];
const SINGULAR: Record<NameKind, string> = { teams: 'team', schools: 'school', sports: 'sport', venues: 'venue' };

async function directories(db: Database, channelId: number): Promise<Record<NameKind, Directory> & { teamSchool: Map<number, number | null>; teamNames: Map<number, string> }> {
  const [teams, schools, sports, venues] = await Promise.all([
    db.selectFrom('participants').select(['id', 'name', 'short_name', 'alias', 'participant_group_id']).where('channel_id', '=', channelId).orderBy('id').execute(),
    db.selectFrom('participant_groups').select(['id', 'name', 'alias']).where('channel_id', '=', channelId).orderBy('id').execute(),
    db.selectFrom('event_categories').select(['id', 'name', 'alias']).where('channel_id', '=', channelId).orderBy('id').execute(),
    db.selectFrom('event_locations').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('id').execute(),
  ]);
  const directory = (rows: readonly { id: number; name: string; alias?: string | null; short_name?: string | null }[]): Directory => {
    const map: Directory = new Map();
    for (const row of rows) {
      // Each row once per key: its name, then its alias and short name where they differ.
      for (const key of new Set([row.name, row.alias, row.short_name].filter((v): v is string => typeof v === 'string' && v.trim() !== '').map(nameKey))) {
        map.set(key, [...(map.get(key) ?? []), row.id]);
      }
    }
    return map;
  };
  return {
    teams: directory(teams),
    schools: directory(schools),
    sports: directory(sports),
    venues: directory(venues),
    teamSchool: new Map(teams.map((t) => [t.id, t.participant_group_id])),
    teamNames: new Map(teams.map((t) => [t.id, t.name])),
  };
}

/** What a checked file comes to: its lines with every name resolved (or to be created), its errors, its unknown names. */
interface Plan {
  ready: CsvLine[];
  errors: ScheduleImportError[];
  unknown: ScheduleUnknownNames;
  /** The names to create, by kind, as first written, in the file's order. */
  toCreate: Record<NameKind, string[]>;
}

function plan(body: ImportBody, found: Awaited<ReturnType<typeof directories>>): Plan {
  const parsed = parseScheduleCsv(body.csv);
  const errors = [...parsed.errors];
  const unknown: ScheduleUnknownNames = { teams: [], schools: [], venues: [], sports: [] };
  const toCreate: Record<NameKind, string[]> = { teams: [], schools: [], venues: [], sports: [] };
  const creatable = Object.fromEntries(KINDS.map((kind) => [kind, new Set((body.create?.[kind] ?? []).map(nameKey))])) as Record<NameKind, Set<string>>;
  const seen = Object.fromEntries(KINDS.map((kind) => [kind, new Set<string>()])) as Record<NameKind, Set<string>>;
  const ready: CsvLine[] = [];
  for (const line of parsed.lines) {
    const lineErrors: ScheduleImportError[] = [];
    for (const { column, kind, name } of namesOf(line)) {
      const key = nameKey(name);
      const ids = found[kind].get(key) ?? [];
      if (ids.length > 1 && !(kind === 'teams' && line.school !== null)) {
        lineErrors.push({ line: line.line, field: column, code: SCHEDULE_ERROR_CODES.invalid, message: `Several ${kind} are named "${name}": give the school too, or rename one.` });
      } else if (ids.length === 0) {
        if (creatable[kind].has(key)) {
          if (!seen[kind].has(key)) toCreate[kind].push(name);
        } else {
          if (!seen[kind].has(key)) unknown[kind].push(name);
          lineErrors.push({ line: line.line, field: column, code: SCHEDULE_ERROR_CODES.unknownName, message: `No ${SINGULAR[kind]} is named "${name}": create it in this import, or fix the name.` });
        }
        seen[kind].add(key);
      }
    }
    if (lineErrors.length > 0) errors.push(...lineErrors);
    else ready.push(line);
  }
  errors.sort((a, b) => a.line - b.line);
  return { ready, errors, unknown, toCreate };
}

/**
 * A season's import (spec §1, admin dashboard). A dry run checks every line and names each bad
 * field and every unknown name; an import writes every good line's event, and the names the
 * operator chose to create, in one transaction: all of it or none. A bad line refuses the import
 * (422, the same answer as the dry run) unless the operator chose to leave the bad lines out.
 */
export async function importSchedule(
  db: Database,
  schedule: ScheduleRepository,
  audit: AuditWriter,
  dataChanged: DataChangedBus,
  actor: ScheduleActor,
  body: ImportBody,
): Promise<{ status: 200; answer: ScheduleImportResponse } | { status: 422; answer: ScheduleImportRefusal }> {
  const checked = plan(body, await directories(db, actor.channelId));
  const answer: ScheduleImportResponse = { valid: checked.ready.length, errors: checked.errors, unknown: checked.unknown };
  if (body.dryRun) return { status: 200, answer };
  if (checked.errors.length > 0 && !body.skipInvalid) {
    const message = `${new Set(checked.errors.map((e) => e.line)).size} line(s) have an error: fix them, or import without the bad lines.`;
    return { status: 422, answer: { message, field: 'csv', code: SCHEDULE_ERROR_CODES.importInvalid, lines: checked.errors, unknown: checked.unknown, valid: checked.ready.length } };
  }
  const ids = await db.transaction().execute(async (tx) => {
    // Read again inside the transaction: what another operator created since the dry run is used, not made twice.
    const found = await directories(tx, actor.channelId);
    const pick = (kind: NameKind, name: string, schoolId: number | null = null): number => {
      const ids = found[kind].get(nameKey(name)) ?? [];
      if (ids.length > 1 && kind === 'teams') return ids.find((id) => found.teamSchool.get(id) === schoolId) ?? ids[0]!;
      return ids[0]!;
    };
    const created = async (kind: NameKind, name: string, insert: () => Promise<number>) => {
      if ((found[kind].get(nameKey(name)) ?? []).length > 0) return;
      const id = await insert();
      found[kind].set(nameKey(name), [id]);
      await audit(tx, { actor, action: `${SINGULAR[kind]}.create`, subject: `${SINGULAR[kind]}:${id}`, before: null, after: { id, name } });
    };
    const channelId = actor.channelId;
    for (const name of checked.toCreate.sports) {
      await created('sports', name, async () => (await tx.insertInto('event_categories').values({ channel_id: channelId, parent_id: null, name, alias: null, position: 1000, origin: 'console' }).returning('id').executeTakeFirstOrThrow()).id);
    }
    for (const name of checked.toCreate.venues) {
      await created('venues', name, async () => (await tx.insertInto('event_locations').values({ channel_id: channelId, name, city: null, state: null, country: null, origin: 'console' }).returning('id').executeTakeFirstOrThrow()).id);
    }
    for (const name of checked.toCreate.schools) {
      await created('schools', name, async () => (await tx.insertInto('participant_groups').values({ channel_id: channelId, name, alias: null, image: null, city: null, state: null, origin: 'console' }).returning('id').executeTakeFirstOrThrow()).id);
    }
    for (const name of checked.toCreate.teams) {
      // A new team belongs to the school and plays the sport of the first line that names it.
      const first = checked.ready.find((line) => [line.home, line.away].some((team) => team !== null && nameKey(team) === nameKey(name)));
      const schoolId = first?.school ? pick('schools', first.school) : null;
      const sportId = first ? pick('sports', first.sport) : null;
      await created('teams', name, async () => {
        const row = await tx
          .insertInto('participants')
          .values({ channel_id: channelId, parent_id: null, participant_group_id: schoolId, name, short_name: null, alias: null, color: null, logo: null, cover: null, gender: null, sport_category_id: sportId, origin: 'console' })
          .returning('id')
          .executeTakeFirstOrThrow();
        found.teamSchool.set(row.id, schoolId);
        found.teamNames.set(row.id, name);
        return row.id;
      });
    }
    if (checked.ready.some((line) => line.accessType === 'paid' || line.accessType === 'ppv')) await ensureSingleOffer(tx, channelId);
    const lines = checked.ready.map((line) => {
      const schoolId = line.school === null ? null : pick('schools', line.school);
      return {
        name: line.name,
        homeTeamId: line.home === null ? null : pick('teams', line.home, schoolId),
        awayTeamId: line.away === null ? null : pick('teams', line.away),
        schoolId,
        sportId: pick('sports', line.sport),
        venueId: line.venue === null ? null : pick('venues', line.venue),
        startsAt: `${line.date}T${line.time}`,
        timeZone: line.timeZone,
        durationMinutes: line.durationMinutes,
        accessType: line.accessType,
        price: line.price,
        serviceFee: line.serviceFee,
        prerolls: true,
        homepage: true,
        published: line.published,
      };
    });
    // The names were looked up in this transaction: the events are written in a few statements, as
    // an embedded database runs one transaction at a time and a season is hundreds of lines.
    const eventIds = await schedule.insertImported(tx, actor, lines, { teamNames: found.teamNames });
    for (const [index, id] of eventIds.entries()) {
      await audit(tx, { actor, action: 'event.import', subject: `event:${id}`, before: null, after: { id, line: checked.ready[index]!.line, ...lines[index] } });
    }
    await noticeScheduleChanged(tx, channelId);
    return eventIds;
  });
  dataChanged.emit(actor.channelId);
  return { status: 200, answer: { ...answer, created: ids.length, ids } };
}
