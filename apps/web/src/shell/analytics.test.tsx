/**
 * @vitest-environment-options { "url": "https://watch.northfield.example/" }
 */
// A channel's public host: the tag manager and the analytics client stay off on local hosts.
import { resetAnalytics } from '@grandstand/analytics';
import type { ChannelSettings } from '@grandstand/contract';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { PageViews, SiteAnalytics } from './analytics.tsx';
import { useApiClient } from './services.tsx';

const ANALYTICS = 'http://127.0.0.1:8090';
const DSN = 'https://0f1e2d3c4b5a@errors.northfield.example/7';

function Harness(props: { settings: ChannelSettings; gpc?: boolean }) {
  return <SiteAnalytics client={useApiClient()} settings={props.settings} gpc={props.gpc ?? false} />;
}

const settings = (overrides: Partial<ChannelSettings> = {}) =>
  testSettings({ 'google-analytics': 'GTM-NF1234', analytics_url: ANALYTICS, analytics_key: 'nfsn-web-3f9a1c7e', ...overrides });

/** What left for the outside world: the analytics service, the error service (the api is the test's own fake). */
let sent: { url: string; body: string }[] = [];
beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    sent.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
    return new Response(JSON.stringify(url.includes('/datalake/hash/') ? { data: 'hash-1' } : { data: 'ok' }), { status: 200 });
  });
});
afterEach(() => {
  resetAnalytics();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete (window as { dataLayer?: unknown }).dataLayer;
  localStorage.clear();
  vi.restoreAllMocks();
});

const tagManager = () => document.head.querySelector('script[src*="googletagmanager.com"]');
const hashCalls = () => sent.filter((call) => call.url === `${ANALYTICS}/datalake/hash/?profile=nfsn-web-3f9a1c7e`);
/** Long enough for the lazy client to load and its batch timer to fire. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the site\'s analytics and its consent (channel setting analytics_consent)', () => {
  it('off: no banner; the tag manager loads and the analytics session is made', async () => {
    await renderSite(<Harness settings={settings({ analytics_consent: 'off' })} />);
    await waitFor(() => expect(tagManager()).not.toBeNull());
    await waitFor(() => expect(hashCalls()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
  });

  it('notice: tracking runs and a notice says so until it is closed, which is remembered', async () => {
    const user = userEvent.setup();
    const { container, rerender, client } = await renderSite(<Harness settings={settings({ analytics_consent: 'notice' })} />);
    const banner = await screen.findByRole('region', { name: 'Privacy' });
    expect(banner).toHaveTextContent('This site counts visits and viewing to improve its service.');
    expect(tagManager()).not.toBeNull();
    await waitFor(() => expect(hashCalls()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
    expect(client.storage.get('analytics_consent')).toBe('dismissed');

    // The next page load (a new mount, the same storage): no notice.
    rerender(<Harness key="next-load" settings={settings({ analytics_consent: 'notice' })} />);
    await settle();
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
  });

  it('opt-in: neither the tag manager nor the analytics calls run until the viewer accepts', async () => {
    const user = userEvent.setup();
    const { container } = await renderSite(<Harness settings={settings({ analytics_consent: 'opt-in' })} />);
    const banner = await screen.findByRole('region', { name: 'Privacy' });
    expect(banner).toHaveTextContent('Nothing is counted unless you accept.');
    await settle();
    expect(tagManager()).toBeNull();
    expect(sent).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
    await waitFor(() => expect(tagManager()).not.toBeNull());
    await waitFor(() => expect(hashCalls()).toHaveLength(1));
  });

  it('opt-in declined: nothing runs, and the refusal is remembered', async () => {
    const user = userEvent.setup();
    const { client, rerender } = await renderSite(<Harness settings={settings({ analytics_consent: 'opt-in' })} />);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await settle();
    expect(tagManager()).toBeNull();
    expect(sent).toEqual([]);
    expect(client.storage.get('analytics_consent')).toBe('declined');
    rerender(<Harness key="next-load" settings={settings({ analytics_consent: 'opt-in' })} />);
    await settle();
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('Global Privacy Control: declined in every mode, with no banner', async () => {
    for (const mode of ['off', 'notice', 'opt-in'] as const) {
      resetAnalytics();
      const { unmount } = await renderSite(<Harness settings={settings({ analytics_consent: mode })} gpc />);
      await settle();
      expect(screen.queryByRole('region', { name: 'Privacy' }), mode).toBeNull();
      expect(tagManager(), mode).toBeNull();
      expect(sent, mode).toEqual([]);
      unmount();
    }
  });
});

describe('page views and request errors', () => {
  it('counts a page view on every navigation, once each', async () => {
    // The viewer's navigations, as links make them in the site's router.
    function Navigator() {
      const navigate = useNavigate();
      return ['/live', '/vod?sport=hockey'].map((to) => (
        <button key={to} type="button" onClick={() => void navigate(to)}>
          {to}
        </button>
      ));
    }
    await renderSite(
      <>
        <Harness settings={settings({ analytics_consent: 'off' })} />
        <PageViews />
        <Navigator />
      </>,
    );
    const user = userEvent.setup();
    for (const to of ['/live', '/live', '/vod?sport=hockey']) await user.click(screen.getByRole('button', { name: to }));
    await waitFor(() => expect(sent.some((call) => call.url.endsWith('/datalake/batch/'))).toBe(true), { timeout: 8_000 });
    const items = sent.filter((call) => call.url.endsWith('/datalake/batch/')).flatMap((call) => (JSON.parse(call.body) as { items: { body: { event: string; extras: { path: string } } }[] }).items);
    expect(items.filter((item) => item.body.event === 'visit_page')).toHaveLength(3);
  }, 15_000);

  it('reports a failed request to the channel\'s error service without its secrets', async () => {
    const { client } = await renderSite(<Harness settings={settings({ analytics_consent: 'opt-in', error_dsn: DSN })} />, {
      routes: { 'POST /v2/auth/login': () => ({ status: 500, json: { message: 'Server error' } }) },
    });
    await client.request({ method: 'POST', url: '/v2/auth/login', body: { email: 'fan@example.com', password: 'hunter22' } }).catch(() => undefined);
    await waitFor(() => expect(sent.filter((call) => call.url.startsWith('https://errors.northfield.example/api/7/envelope/'))).toHaveLength(1));
    const report = sent.find((call) => call.url.includes('/envelope/'));
    expect(report?.body).toContain('500 Server error');
    expect(report?.body).not.toContain('hunter22');
    expect(report?.body).not.toContain('test-api-key');
    // The viewer has not accepted analytics: no api_request event went out.
    expect(sent.filter((call) => call.url.startsWith(ANALYTICS))).toEqual([]);
  });

  it('sends no error report when the channel has no DSN', async () => {
    const { client } = await renderSite(<Harness settings={settings({ analytics_consent: 'opt-in', error_dsn: null })} />, {
      routes: { 'GET /events': () => ({ status: 500, json: { message: 'Server error' } }) },
    });
    await client.request({ url: '/events' }).catch(() => undefined);
    await settle();
    expect(sent).toEqual([]);
  });
});
