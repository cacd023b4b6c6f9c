import type { AccessType, ConsoleEvent, CreateConsoleEventBody } from '@grandstand/contract';

/** The form's fields as typed: every value a string or a flag, turned into the call's body on sending. */
export interface EventFormValues {
  awayTeamId: string;
  homeTeamId: string;
  name: string;
  schoolId: string;
  sportId: string;
  venueId: string;
  startsAt: string;
  timeZone: string;
  accessType: AccessType;
  price: string;
  serviceFee: string;
  prerolls: boolean;
  published: boolean;
}

export type EventFormField = Exclude<keyof EventFormValues, 'prerolls' | 'published'>;

export type EventFormProblem = 'required' | 'nameOrTeams' | 'sameTeam' | 'positive' | 'amount';

export const PAID_ACCESS: readonly AccessType[] = ['paid', 'ppv'];

export function emptyValues(timeZone: string): EventFormValues {
  return {
    awayTeamId: '',
    homeTeamId: '',
    name: '',
    schoolId: '',
    sportId: '',
    venueId: '',
    startsAt: '',
    timeZone,
    accessType: 'free',
    price: '',
    serviceFee: '',
    prerolls: true,
    published: true,
  };
}

const idText = (named: { id: number } | null) => (named ? String(named.id) : '');
const amountText = (amount: number) => (amount > 0 ? String(amount) : '');

export function valuesOf(event: ConsoleEvent): EventFormValues {
  return {
    awayTeamId: idText(event.awayTeam),
    homeTeamId: idText(event.homeTeam),
    // A name made from the teams is not the operator's: the field stays empty so it follows them.
    name: event.customName ? event.name : '',
    schoolId: idText(event.school),
    sportId: idText(event.sport),
    venueId: idText(event.venue),
    startsAt: event.localStartsAt,
    timeZone: event.timeZone,
    accessType: event.accessType,
    price: amountText(event.price),
    serviceFee: amountText(event.serviceFee),
    prerolls: event.prerolls,
    published: event.published,
  };
}

const AMOUNT = /^\d{1,5}(?:[.,]\d{1,2})?$/;
const amount = (text: string) => Number(text.trim().replace(',', '.'));

/** The form's own checks, the same rules the server applies (a name or two teams, a price for paid and ppv), so most problems show before a call. */
export function checkValues(values: EventFormValues): Partial<Record<EventFormField, EventFormProblem>> {
  const problems: Partial<Record<EventFormField, EventFormProblem>> = {};
  const bothTeams = values.homeTeamId !== '' && values.awayTeamId !== '';
  if (!bothTeams && values.name.trim() === '') problems.name = 'nameOrTeams';
  if (bothTeams && values.homeTeamId === values.awayTeamId) problems.homeTeamId = 'sameTeam';
  if (values.sportId === '') problems.sportId = 'required';
  if (values.startsAt === '') problems.startsAt = 'required';
  if (values.timeZone === '') problems.timeZone = 'required';
  if (PAID_ACCESS.includes(values.accessType)) {
    for (const field of ['price', 'serviceFee'] as const) {
      const text = values[field].trim();
      if (text === '') problems[field] = 'required';
      else if (!AMOUNT.test(text)) problems[field] = 'amount';
      else if (amount(text) <= 0) problems[field] = 'positive';
    }
  }
  return problems;
}

const idOrNull = (text: string) => (text === '' ? null : Number(text));

/** The call's body: every field, so an edit is also whole (the server keeps its own rules across them). */
export function bodyOf(values: EventFormValues): CreateConsoleEventBody {
  const paid = PAID_ACCESS.includes(values.accessType);
  return {
    name: values.name.trim() === '' ? null : values.name.trim(),
    homeTeamId: idOrNull(values.homeTeamId),
    awayTeamId: idOrNull(values.awayTeamId),
    schoolId: idOrNull(values.schoolId),
    sportId: Number(values.sportId),
    venueId: idOrNull(values.venueId),
    startsAt: values.startsAt,
    timeZone: values.timeZone,
    accessType: values.accessType,
    price: paid ? amount(values.price) : 0,
    serviceFee: paid ? amount(values.serviceFee) : 0,
    prerolls: values.prerolls,
    published: values.published,
  };
}
