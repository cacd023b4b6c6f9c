import type { AccessType, ScheduleCsvColumn, ScheduleImportError, ScheduleUnknownNames } from '@grandstand/contract';
import { SCHEDULE_CSV_COLUMNS, SCHEDULE_CSV_MAX_LINES, SCHEDULE_ERROR_CODES, SCHEDULE_NAME_MAX, SCHEDULE_PRICE_MAX } from '@grandstand/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { canonicalTimeZone, checkDraft, DEFAULT_DURATION_MINUTES, localToUtcSeconds, ScheduleProblem } from './rules.ts';

/*
 * A season as a CSV file (spec §1, admin dashboard): one event a line under a header naming the
 * columns (SCHEDULE_CSV_COLUMNS, any order, any case). Teams, schools, sports and venues are
 * named as the channel names them; names that match nothing are listed, for the operator to create
 * in the same import or to fix. Parsing is csv-parse's (RFC 4180: quotes, commas and line breaks
 * inside quotes, a byte order mark), never a split on commas.
 */

const REQUIRED: readonly ScheduleCsvColumn[] = ['date', 'time', 'time_zone', 'sport', 'access'];
const ACCESS: readonly AccessType[] = ['free', 'register', 'paid', 'ppv'];
const MONEY = /^\d{1,5}(\.\d{1,2})?$/;
const YES = new Set(['yes', 'y', 'true', '1', 'oui', 'o']);
const NO = new Set(['no', 'n', 'false', '0', 'non', '']);

/** The kinds of name a line gives, and the column each comes from. */
export type NameKind = keyof ScheduleUnknownNames;
const NAME_COLUMNS: readonly { column: ScheduleCsvColumn; kind: NameKind }[] = [
  { column: 'home', kind: 'teams' },
  { column: 'away', kind: 'teams' },
  { column: 'school', kind: 'schools' },
  { column: 'sport', kind: 'sports' },
  { column: 'venue', kind: 'venues' },
];

/** One line read and checked on its own (names not yet looked up). */
export interface CsvLine {
  line: number;
  date: string;
  time: string;
  timeZone: string;
  home: string | null;
  away: string | null;
  name: string | null;
  school: string | null;
  sport: string;
  venue: string | null;
  accessType: AccessType;
  price: number;
  serviceFee: number;
  durationMinutes: number;
  published: boolean;
}

export interface ParsedCsv {
  lines: CsvLine[];
  errors: ScheduleImportError[];
}

/** A name as compared: trimmed, case and accents folded, inner spaces collapsed. */
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{Diacritic}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

function problem(line: number, field: string, code: string, message: string): ScheduleImportError {
  return { line, field, code, message };
}

/** Reads the file: every line either checked (names still to look up) or named with each of its bad fields. */
export function parseScheduleCsv(text: string): ParsedCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true, max_record_size: 4096 }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
      return { lines: [], errors: [problem(line, 'csv', SCHEDULE_ERROR_CODES.invalid, `The file cannot be read as CSV at line ${line}: ${error.message}`)] };
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { lines: [], errors: [problem(1, 'csv', SCHEDULE_ERROR_CODES.invalid, 'The file is empty: start from the template.')] };
  const errors: ScheduleImportError[] = [];
  const columns = header.record.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  for (const [index, name] of columns.entries()) {
    if (!(SCHEDULE_CSV_COLUMNS as readonly string[]).includes(name)) errors.push(problem(1, header.record[index] || `column ${index + 1}`, SCHEDULE_ERROR_CODES.invalid, `Unknown column "${header.record[index]}". The columns are: ${SCHEDULE_CSV_COLUMNS.join(', ')}.`));
  }
  for (const name of REQUIRED) if (!columns.includes(name)) errors.push(problem(1, name, SCHEDULE_ERROR_CODES.invalid, `The column "${name}" is missing.`));
  if (!columns.includes('name') && !(columns.includes('home') && columns.includes('away'))) errors.push(problem(1, 'home', SCHEDULE_ERROR_CODES.invalid, 'Give the columns "home" and "away", or "name".'));
  if (errors.length > 0) return { lines: [], errors };
  if (rows.length > SCHEDULE_CSV_MAX_LINES) return { lines: [], errors: [problem(SCHEDULE_CSV_MAX_LINES + 2, 'csv', SCHEDULE_ERROR_CODES.invalid, `At most ${SCHEDULE_CSV_MAX_LINES} events an import: split the file.`)] };

  const lines: CsvLine[] = [];
  for (const { record, info } of rows) {
    // The record's first line: a quoted field may span several, and `info.lines` is its last.
    const line = info.lines - record.reduce((breaks, field) => breaks + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    const cell = (column: ScheduleCsvColumn): string => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : unguarded((record[at] ?? '').trim());
    };
    const optional = (column: ScheduleCsvColumn): string | null => cell(column) || null;
    const lineErrors: ScheduleImportError[] = [];
    const bad = (field: string, code: string, message: string) => lineErrors.push(problem(line, field, code, message));
    if (record.length > columns.length) bad('csv', SCHEDULE_ERROR_CODES.invalid, `This line has ${record.length} cells for ${columns.length} columns (a comma in a name needs quotes).`);

    const date = cell('date');
    const time = cell('time').replace(/^(\d):/, '0$1:');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) bad('date', SCHEDULE_ERROR_CODES.badDate, 'Write the date as YYYY-MM-DD.');
    if (!/^\d{2}:\d{2}$/.test(time)) bad('time', SCHEDULE_ERROR_CODES.badDate, 'Write the time as HH:MM (24-hour clock).');
    const timeZone = canonicalTimeZone(cell('time_zone'));
    if (timeZone === null) bad('time_zone', SCHEDULE_ERROR_CODES.badTimeZone, `"${cell('time_zone')}" is no time zone: write one like America/Toronto.`);
    else if (lineErrors.length === 0 && localToUtcSeconds(`${date}T${time}`, timeZone) === null) bad('date', SCHEDULE_ERROR_CODES.badDate, `${date} ${time} is no real date and time.`);
    const access = cell('access').toLowerCase() as AccessType;
    if (!ACCESS.includes(access)) bad('access', SCHEDULE_ERROR_CODES.invalid, `"${cell('access')}" is no access type: write free, register, paid or ppv.`);
    const money = (column: ScheduleCsvColumn): number => {
      const text = cell(column);
      if (text === '') return 0;
      if (!MONEY.test(text) || Number(text) > SCHEDULE_PRICE_MAX) {
        bad(column, SCHEDULE_ERROR_CODES.invalid, `"${text}" is no amount: write it like 12.50 (at most ${SCHEDULE_PRICE_MAX}).`);
        return 0;
      }
      return Number(text);
    };
    const price = money('price');
    const serviceFee = money('service_fee');
    let durationMinutes = DEFAULT_DURATION_MINUTES;
    if (cell('duration_minutes') !== '') {
      durationMinutes = Number(cell('duration_minutes'));
      if (!/^\d{1,4}$/.test(cell('duration_minutes')) || durationMinutes < 1 || durationMinutes > 24 * 60) bad('duration_minutes', SCHEDULE_ERROR_CODES.invalid, 'Write the length in minutes, from 1 to 1440.');
    }
    const publishedText = cell('published').toLowerCase();
    if (!YES.has(publishedText) && !NO.has(publishedText)) bad('published', SCHEDULE_ERROR_CODES.invalid, 'Write yes or no.');
    if (cell('sport') === '') bad('sport', SCHEDULE_ERROR_CODES.invalid, 'Name the sport.');
    for (const column of ['home', 'away', 'name', 'school', 'sport', 'venue'] as const) {
      if (cell(column).length > SCHEDULE_NAME_MAX) bad(column, SCHEDULE_ERROR_CODES.invalid, `At most ${SCHEDULE_NAME_MAX} characters.`);
    }
    const home = optional('home');
    const away = optional('away');
    const name = optional('name');
    if (home !== null && away !== null && nameKey(home) === nameKey(away)) bad('away', SCHEDULE_ERROR_CODES.sameTeams, 'A team cannot play itself.');
    try {
      // The same rules as the form's, on names rather than ids (a stand-in id per named team).
      checkDraft({ name, homeTeamId: home === null ? null : 1, awayTeamId: away === null ? null : 2, accessType: ACCESS.includes(access) ? access : 'free', price, serviceFee });
    } catch (error) {
      if (!(error instanceof ScheduleProblem)) throw error;
      const field = ({ homeTeamId: 'home', awayTeamId: 'away' } as Record<string, string>)[error.field] ?? error.field;
      bad(field, error.code, error.message);
    }
    if (lineErrors.length > 0) {
      errors.push(...lineErrors);
      continue;
    }
    lines.push({ line, date, time, timeZone: timeZone!, home, away, name, school: optional('school'), sport: cell('sport'), venue: optional('venue'), accessType: access, price, serviceFee, durationMinutes, published: YES.has(publishedText) });
  }
  return { lines, errors };
}

/** The names a line gives, by kind, with the column each is in. */
export function namesOf(line: CsvLine): { column: ScheduleCsvColumn; kind: NameKind; name: string }[] {
  return NAME_COLUMNS.flatMap(({ column, kind }) => {
    const name = line[column as 'home' | 'away' | 'school' | 'sport' | 'venue'];
    return name === null ? [] : [{ column, kind, name }];
  });
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: a
 * name written so (a team named "=HYPERLINK(…)") would run on the computer of whoever opens the
 * template. Such a cell is written with a leading apostrophe, which spreadsheets show as text, and
 * the import reads it back without it (OWASP, CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
function guarded(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
function unguarded(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The template to download: the header and two example lines in the channel's own names. */
export function scheduleTemplate(example: { home: string; away: string; school: string; sport: string; venue: string; timeZone: string; date: string }): string {
  const row = (time: string, access: string, price: string) =>
    Object.fromEntries(
      SCHEDULE_CSV_COLUMNS.map((column) => [
        column,
        { date: example.date, time, time_zone: example.timeZone, home: example.home, away: example.away, name: '', school: example.school, sport: example.sport, venue: example.venue, access, price, service_fee: price === '0' ? '0' : '1.50', duration_minutes: '120', published: 'yes' }[column],
      ]),
    );
  return stringify([row('18:00', 'free', '0'), row('19:30', 'paid', '9.99')], { header: true, columns: [...SCHEDULE_CSV_COLUMNS], record_delimiter: 'windows', cast: { string: guarded } });
}
