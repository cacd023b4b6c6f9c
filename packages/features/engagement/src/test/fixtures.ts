import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ConsoleEvent, ConsoleOperator, ConsolePoll, ConsolePopup, PopupOffer } from '@grandstand/contract';

/** Northfield's producer, signed in. */
export function testOperator(overrides: Partial<ConsoleOperator> = {}): ConsoleOperator {
  return {
    id: 2,
    email: 'producer@northfield.test',
    name: 'Pia Producer',
    role: 'producer',
    channel: { slug: 'northfield', name: 'Northfield Schools Network' },
    totpEnabled: false,
    totpSetupRequired: false,
    channels: [{ slug: 'northfield', name: 'Northfield Schools Network', role: 'producer' }],
    platformOwner: false,
    ...overrides,
  };
}

export function consoleEvent(overrides: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return {
    id: 11,
    name: 'Riverside Lions @ Northfield Eagles',
    customName: false,
    homeTeam: { id: 1, name: 'Northfield Eagles' },
    awayTeam: { id: 2, name: 'Riverside Lions' },
    school: null,
    sport: { id: 3, name: 'Basketball' },
    venue: null,
    startsAt: '2026-12-06T19:00:00.000Z',
    localStartsAt: '2026-12-06T14:00',
    timeZone: 'America/New_York',
    durationMinutes: 120,
    accessType: 'free',
    price: 0,
    serviceFee: 0,
    prerolls: true,
    homepage: true,
    published: true,
    cancelled: false,
    cancelledAt: null,
    streamStatus: 'live',
    origin: 'console',
    changedBy: null,
    changedAt: null,
    singleEventPackageId: null,
    ...overrides,
  };
}

export function poll(overrides: Partial<ConsolePoll> = {}): ConsolePoll {
  return {
    id: 5,
    eventId: 11,
    question: 'Player of the game?',
    status: 'open',
    answers: [
      { index: 0, label: 'Ada', votes: 3 },
      { index: 1, label: 'Ben', votes: 1 },
    ],
    totalVotes: 4,
    openedAt: '2026-12-06T19:10:00.000Z',
    openedBy: 'producer@northfield.test',
    closedAt: null,
    ...overrides,
  };
}

export const offers: PopupOffer[] = [
  { type: 'package', id: 1, name: 'Single event' },
  { type: 'subscription', id: 1, name: 'Northfield Monthly' },
];

export function popup(overrides: Partial<ConsolePopup> = {}): ConsolePopup {
  return {
    id: 8,
    title: 'Playoffs pass on sale',
    text: 'Every playoff game for one price.',
    link: '/packages',
    audience: 'visitors',
    offer: null,
    pages: ['home'],
    startsAt: '2026-12-01T12:00:00.000Z',
    endsAt: '2026-12-31T12:00:00.000Z',
    state: 'showing',
    dismissals: 12,
    updatedAt: '2026-12-01T12:00:00.000Z',
    ...overrides,
  };
}

/** The polls calls of one event, with what was opened and closed kept between calls. */
export function pollsApi(initial: ConsolePoll[] = [poll()]) {
  let polls = [...initial];
  const bodies: unknown[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/events': (request: FakeRequest) => ({ json: { events: request.query.status === 'live' ? [consoleEvent()] : [consoleEvent({ id: 12, name: 'Saturday final', streamStatus: 'upcoming' })], total: 1, page: 1, pageSize: 50 } }),
    'GET /console/events/11/polls': () => ({ json: { polls } }),
    'POST /console/events/11/polls': (request: FakeRequest) => {
      bodies.push(request.body);
      const body = request.body as { question: string; answers: string[] };
      const opened = poll({ id: 6, question: body.question, answers: body.answers.map((label, index) => ({ index, label, votes: 0 })), totalVotes: 0 });
      polls = [opened, ...polls];
      return { json: { poll: opened } };
    },
    'POST /console/polls/5/close': () => {
      polls = polls.map((p) => (p.id === 5 ? { ...p, status: 'closed' as const, closedAt: '2026-12-06T19:30:00.000Z' } : p));
      return { json: { poll: polls.find((p) => p.id === 5) } };
    },
  };
  return { routes, bodies };
}

/** The popups calls, with the list kept between calls. */
export function popupsApi(initial: ConsolePopup[] = [popup()]) {
  let popups = [...initial];
  const bodies: unknown[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /console/popups': () => ({ json: { popups, offers } }),
    'POST /console/popups': (request: FakeRequest) => {
      bodies.push(request.body);
      const made = popup({ ...(request.body as Partial<ConsolePopup>), id: 9, offer: null, state: 'showing', dismissals: 0 });
      popups = [made, ...popups];
      return { json: { popup: made } };
    },
    'DELETE /console/popups/8': () => {
      popups = popups.filter((p) => p.id !== 8);
      return { json: { id: 8 } };
    },
  };
  return { routes, bodies };
}
