import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatalakeClient } from './datalake/client.ts';
import type { DatalakeItem } from './datalake/types.ts';
import { resetRequestEvents, trackRequestError, MAX_REQUEST_EVENTS_PER_PAGE } from './requestEvents.ts';
import { expiringStorage } from './test/fakes.ts';
import { createVideoTracker } from './video.ts';
import { identify, pageAddress, PENDING_LIMIT, resetAnalytics, startAnalytics, stopAnalytics, trackEvent, trackLogin, trackPageView } from './track.ts';

/** The client's module with its `push` recorded: what the facade hands the client, in order. */
function recordingClient() {
  const pushed: DatalakeItem[] = [];
  const load = vi.fn(async () => ({
    createDatalakeClient: ((options) => {
      const real = createDatalakeClient({ ...options, env: { fetch: async () => new Response('{"data":"ok"}') } });
      return { ...real, push: (item: DatalakeItem) => pushed.push(item) };
    }) as typeof createDatalakeClient,
  }));
  return { pushed, load };
}

const start = (load: ReturnType<typeof recordingClient>['load'], hostname = '127.0.0.1') =>
  startAnalytics({ url: 'http://127.0.0.1:8090', profile: 'nfsn-web-3f9a1c7e', storage: expiringStorage(), hostname, load });

beforeEach(() => {
  resetAnalytics();
  resetRequestEvents();
  window.history.replaceState(null, '', '/');
});
afterEach(() => resetAnalytics());

describe('the calls before and after the start', () => {
  it('holds the calls made before the start and hands them over first, then the new ones', async () => {
    const { pushed, load } = recordingClient();
    trackPageView();
    trackLogin({ id: 7, email: 'fan@example.com' });
    start(load);
    await vi.waitFor(() => expect(pushed).toHaveLength(2));
    trackEvent('view_buy_page', { product_type: 'event', product_id: 4 });
    expect(pushed.map((item) => item.body.event)).toEqual(['visit_page', 'login', 'view_buy_page']);
    expect(pushed[0]?.body).toEqual({ user_id: null, user_email: null, event: 'visit_page', extras: { path: '/' }, origin_url: 'http://localhost:3000/' });
    expect(pushed[1]?.body).toMatchObject({ user_id: 7, user_email: 'fan@example.com', event: 'login' });
    expect(pushed[2]?.body).toMatchObject({ user_id: 7, extras: { product_type: 'event', product_id: 4 } });
    identify(null);
    trackPageView();
    expect(pushed[3]?.body).toMatchObject({ user_id: null, user_email: null });
  });

  it(`holds at most ${PENDING_LIMIT} calls before the start`, async () => {
    const { pushed, load } = recordingClient();
    for (let i = 0; i < PENDING_LIMIT + 10; i += 1) trackPageView();
    start(load);
    await vi.waitFor(() => expect(pushed).toHaveLength(PENDING_LIMIT));
  });

  it('never starts on a localhost host (spec §9), and drops what it held', async () => {
    const { pushed, load } = recordingClient();
    trackPageView();
    start(load, 'localhost');
    trackPageView();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(pushed).toEqual([]);
  });

  it('starts on 127.0.0.1 and on a channel host under .localhost (the demo and the tests)', async () => {
    for (const hostname of ['127.0.0.1', 'northfield.localhost']) {
      resetAnalytics();
      const { load } = recordingClient();
      start(load, hostname);
      expect(load, hostname).toHaveBeenCalledOnce();
    }
  });

  it('does not start without the service address or the profile key', () => {
    const { load } = recordingClient();
    startAnalytics({ url: null, profile: 'nfsn-web-3f9a1c7e', storage: expiringStorage(), hostname: '127.0.0.1', load });
    resetAnalytics();
    startAnalytics({ url: 'http://127.0.0.1:8090', profile: null, storage: expiringStorage(), hostname: '127.0.0.1', load });
    expect(load).not.toHaveBeenCalled();
  });

  it('once stopped (declined, privacy control) drops what it held and sends nothing, even if started again', async () => {
    const { pushed, load } = recordingClient();
    trackPageView();
    stopAnalytics();
    trackPageView();
    start(load);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(pushed).toEqual([]);
  });

  it('stops a start still loading', async () => {
    const { pushed, load } = recordingClient();
    start(load);
    stopAnalytics();
    trackPageView();
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pushed).toEqual([]);
  });
});

describe('pageAddress', () => {
  it('drops query values that are credentials or identity, and the fragment; keeps the rest and trk', () => {
    expect(pageAddress('https://watch.northfield.example/password-reset?email=fan%40example.com&signature=abc&expires=1&token=t#top')).toBe(
      'https://watch.northfield.example/password-reset',
    );
    expect(pageAddress('https://watch.northfield.example/?school=lincoln&trk=spring&api_key=x')).toBe('https://watch.northfield.example/?school=lincoln&trk=spring');
    expect(pageAddress('not a url')).toBe('');
  });

  it('is what a page view reports', async () => {
    const { pushed, load } = recordingClient();
    window.history.replaceState(null, '', '/verify-email?signature=secret-sig&expires=9&trk=mail');
    start(load);
    trackPageView();
    await vi.waitFor(() => expect(pushed).toHaveLength(1));
    expect(pushed[0]?.body).toMatchObject({ origin_url: 'http://localhost:3000/verify-email?trk=mail', extras: { path: '/verify-email' } });
  });
});

describe('createVideoTracker', () => {
  it('sends the video events and viewing beats of one viewing under one id, the beats tagged', async () => {
    const { pushed, load } = recordingClient();
    start(load);
    identify({ id: 7, email: 'fan@example.com' });
    const video = createVideoTracker({
      stream_id: 12,
      stream_type: 'live',
      stream_title: 'Riverside @ Lincoln',
      category: 'Boys Basketball',
      sport: 'Basketball',
      gender: 'M',
      school: 'Lincoln High | Riverside High',
      league: 'Northfield Sports',
      team: 'Riverside Ravens | Lincoln Lions',
    });
    video.firstFrame(412.6);
    video.event('start');
    video.viewing(30);
    video.viewing(0);
    video.viewing(900);
    video.event('error', 'x'.repeat(800));
    await vi.waitFor(() => expect(pushed).toHaveLength(5));
    const ids = new Set(pushed.map((item) => item.body.video_view_uuid));
    expect(ids.size).toBe(1);
    expect(pushed[0]).toMatchObject({ call: 'video/event', body: { event: 'first_frame', ttff_ms: 413, stream_id: 12, stream_type: 'live', stream_title: 'Riverside @ Lincoln', user_id: 7 } });
    expect(pushed[1]?.body).toMatchObject({ event: 'start' });
    expect(pushed[2]).toMatchObject({
      call: 'video/viewing',
      body: { viewing_time: 30, category: 'Boys Basketball', sport: 'Basketball', gender: 'M', school: 'Lincoln High | Riverside High', league: 'Northfield Sports', team: 'Riverside Ravens | Lincoln Lions' },
    });
    // A zero beat is not sent; a clock jump is held to the service's limit.
    expect(pushed[3]?.body.viewing_time).toBe(300);
    expect(String(pushed[4]?.body.reason)).toHaveLength(500);
    expect(pushed[0]?.body).not.toHaveProperty('sport');
    const other = createVideoTracker({ stream_id: 12, stream_type: 'live' });
    other.event('start');
    await vi.waitFor(() => expect(pushed).toHaveLength(6));
    expect(pushed[5]?.body.video_view_uuid).not.toBe(pushed[0]?.body.video_view_uuid);
  });
});

describe('trackRequestError (api_request)', () => {
  it('sends the method, path, status and message of a failed request, never its data or query', async () => {
    const { pushed, load } = recordingClient();
    start(load);
    trackRequestError({ date: 'd', status: 422, message: 'Wrong auth data', url: '/api/v2/auth/login?api_key=secret', requestData: { method: 'POST', body: { password: 'hunter22' } } });
    await vi.waitFor(() => expect(pushed).toHaveLength(1));
    expect(pushed[0]?.body).toMatchObject({ event: 'api_request', extras: { method: 'POST', path: '/api/v2/auth/login', status: 422, message: 'Wrong auth data' } });
    expect(JSON.stringify(pushed)).not.toContain('hunter22');
    expect(JSON.stringify(pushed)).not.toContain('secret');
  });

  it(`sends at most ${MAX_REQUEST_EVENTS_PER_PAGE} from a page`, async () => {
    const { pushed, load } = recordingClient();
    start(load);
    for (let i = 0; i < MAX_REQUEST_EVENTS_PER_PAGE + 10; i += 1) trackRequestError({ date: 'd', status: 500, message: 'm', url: 'https://watch.example/api/events', requestData: { method: 'GET' } });
    await vi.waitFor(() => expect(pushed).toHaveLength(MAX_REQUEST_EVENTS_PER_PAGE));
    expect(pushed[0]?.body.extras).toMatchObject({ path: '/api/events' });
  });
});
