import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ConsoleEvent, ConsoleEventOptions, ConsoleLive, LiveHealth, ScheduleImportResponse } from '@grandstand/contract';

export const options: ConsoleEventOptions = {
  teams: [
    { id: 1, name: 'Northfield Falcons', schoolId: 10, sportId: 100 },
    { id: 2, name: 'Lakeside Otters', schoolId: 11, sportId: 100 },
    { id: 3, name: 'Ridgeview Rams', schoolId: null, sportId: 101 },
  ],
  schools: [
    { id: 10, name: 'Northfield High' },
    { id: 11, name: 'Lakeside Academy' },
  ],
  sports: [
    { id: 100, name: 'Basketball', parentId: null },
    { id: 101, name: 'Hockey', parentId: null },
  ],
  venues: [
    { id: 20, name: 'Falcon Gym', city: 'Northfield' },
    { id: 21, name: 'Otter Arena', city: 'Lakeside' },
  ],
  timeZones: ['America/Chicago', 'America/New_York', 'America/Toronto', 'Europe/Paris'],
  defaultTimeZone: 'America/Chicago',
  currency: 'USD',
};

/** An event as the console lists it: a published free game on 12 September 2026 at 19:00 in Chicago. */
export function consoleEvent(overrides: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return {
    id: 501,
    name: 'Lakeside Otters @ Northfield Falcons',
    customName: false,
    homeTeam: { id: 1, name: 'Northfield Falcons' },
    awayTeam: { id: 2, name: 'Lakeside Otters' },
    school: { id: 10, name: 'Northfield High' },
    sport: { id: 100, name: 'Basketball' },
    venue: { id: 20, name: 'Falcon Gym' },
    startsAt: '2026-09-13T00:00:00.000Z',
    localStartsAt: '2026-09-12T19:00',
    timeZone: 'America/Chicago',
    durationMinutes: 120,
    accessType: 'free',
    price: 0,
    serviceFee: 0,
    prerolls: true,
    homepage: true,
    published: true,
    cancelled: false,
    cancelledAt: null,
    streamStatus: 'upcoming',
    origin: 'console',
    changedBy: 'Pat Producer',
    changedAt: '2026-09-01T12:00:00.000Z',
    singleEventPackageId: null,
    ...overrides,
  };
}

export const noUnknown = { teams: [], schools: [], venues: [], sports: [] };

export function importAnswer(overrides: Partial<ScheduleImportResponse> = {}): ScheduleImportResponse {
  return { valid: 0, errors: [], unknown: noUnknown, ...overrides };
}

/** The console's schedule calls over a list of events the test can read back, recording what was sent. */
export function scheduleApi(events: ConsoleEvent[] = [consoleEvent()], extra: Record<string, FakeHandler> = {}) {
  const sent: FakeRequest[] = [];
  const find = (request: FakeRequest) => events.find((event) => request.path.split('/')[4] === String(event.id));
  const routes: Record<string, FakeHandler> = {
    'GET /console/events/options': () => ({ json: options }),
    'GET /console/events': (request) => {
      const { status, q } = request.query;
      const listed = events.filter(
        (event) =>
          (!q || event.name.toLowerCase().includes(q.toLowerCase())) &&
          (!status ||
            (status === 'cancelled' ? event.cancelled : status === 'unpublished' ? !event.published : !event.cancelled && event.published && event.streamStatus === status)),
      );
      return { json: { events: listed, total: listed.length, page: Number(request.query.page ?? 1), pageSize: 50 } };
    },
    ...extra,
  };
  for (const id of events.map((event) => event.id)) {
    routes[`GET /console/events/${id}`] = (request) => ({ json: { event: find(request) } });
    routes[`PATCH /console/events/${id}`] = (request) => {
      sent.push(request);
      const event = find(request)!;
      Object.assign(event, request.body?.startsAt ? { localStartsAt: request.body.startsAt, timeZone: request.body.timeZone } : {});
      return { json: { event } };
    };
    for (const action of ['publish', 'unpublish', 'cancel'] as const) {
      routes[`POST /console/events/${id}/${action}`] = (request) => {
        sent.push(request);
        const event = find(request)!;
        if (action === 'cancel') event.cancelled = true;
        else event.published = action === 'publish';
        return { json: { event } };
      };
    }
  }
  return { routes, sent, events };
}

/** The live screen of event 501 as the server answers it: no camera yet, the demo ingest's Server and a key. */
export function consoleLive(overrides: Partial<ConsoleLive> = {}): ConsoleLive {
  return {
    eventId: 501,
    state: 'idle',
    ingest: { server: 'rtmp://ingest.example.org:1935/live', streamKey: 'gs_live_9rT2kQx7mVbN4cYp8wZ1', srt: null },
    since: null,
    lostAt: null,
    graceEndsAt: null,
    health: null,
    recording: { status: 'none', durationS: null, trimStartS: null, trimEndS: null, posterUrl: null },
    ...overrides,
  };
}

/** A healthy 720p signal at 30 fps with a keyframe every second, watched by 42. */
export function liveHealth(overrides: Partial<LiveHealth> = {}): LiveHealth {
  return { bitrateKbps: 3200, fps: 30, width: 1280, height: 720, keyframeIntervalS: 1, audio: true, viewers: 42, warnings: [], updatedAt: '2026-09-13T00:10:05.000Z', ...overrides };
}

/** A poster any test can show: a 1×1 PNG. */
export const POSTER = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The live screen's calls for event 501 over a `live` the test can change between calls: the key's
 * rotation makes a new key, the end ends, the trim keeps the times asked for; each request recorded.
 */
export function liveRoutes(live: ConsoleLive) {
  const sent: FakeRequest[] = [];
  let rotations = 0;
  const routes: Record<string, FakeHandler> = {
    'GET /console/events/501/live': () => ({ json: live }),
    'POST /console/events/501/live/key': (request) => {
      sent.push(request);
      rotations += 1;
      live.ingest = { ...live.ingest, streamKey: `gs_live_rotated${rotations}Hs8dK2pLq0` };
      return { json: live };
    },
    'POST /console/events/501/live/end': (request) => {
      sent.push(request);
      Object.assign(live, { state: 'ending', health: null, recording: { ...live.recording, status: 'processing' } });
      return { json: live };
    },
    'POST /console/events/501/recording/trim': (request) => {
      sent.push(request);
      const { startS, endS } = request.body as { startS: number; endS: number };
      live.recording = { ...live.recording, trimStartS: startS, trimEndS: endS };
      return { json: live };
    },
  };
  return { routes, sent, live };
}
