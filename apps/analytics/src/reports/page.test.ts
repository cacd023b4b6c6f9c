// @vitest-environment jsdom
import { axe } from '@grandstand/vitest-config/axe';
import { describe, expect, it } from 'vitest';
import { EXPECTED, NOW } from './fixtures.ts';
import type { Locale } from './i18n.ts';
import { charts, renderError, renderLogin, renderPage, renderReports } from './render.ts';
import { translator } from './i18n.ts';
import type { Summary } from './summary.ts';

const SUMMARY: Summary = { ...EXPECTED, generated_at: NOW.toISOString() };
const EMPTY: Summary = {
  ...SUMMARY,
  live_viewers: 0,
  views: 0,
  unique_viewers: 0,
  watch_seconds: 0,
  watch_time: { by_event: [], by_sport: [], by_school: [], by_team: [] },
  playback: { ttff_median_ms: null, ttff_p90_ms: null, errors: 0, error_rate: null },
  funnel: { steps: SUMMARY.funnel.steps.map((step) => ({ ...step, events: 0, sessions: 0 })), failed_by_reason: [] },
  revenue: { total: [], by_day: [], by_product: [] },
};

function page(locale: Locale, summary: Summary | null, body: string): string {
  return renderPage({
    locale,
    operatorName: 'North <operator>',
    channels: [{ slug: 'north', name: 'North "Network"' }],
    channel: 'north',
    from: '2025-03-01',
    until: '2025-03-10',
    body,
    summary,
  });
}

/** Loads a whole document into jsdom's and runs the repository's axe check over it. */
async function violations(html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  const results = await axe(document.documentElement);
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('the page markup', () => {
  it.each(['en', 'fr'] as const)('has no axe violation with reports (%s)', async (locale) => {
    expect(await violations(page(locale, SUMMARY, renderReports(SUMMARY, locale)))).toEqual([]);
  });

  it('has no axe violation empty, in error, or at sign-in', async () => {
    expect(await violations(page('en', EMPTY, renderReports(EMPTY, 'en')))).toEqual([]);
    expect(await violations(page('en', null, renderError('en', 'no such channel')))).toEqual([]);
    expect(await violations(renderLogin({ locale: 'fr', email: 'a@b.test', error: 'Le courriel ou le mot de passe est incorrect.' }))).toEqual([]);
  });

  it('escapes every value it shows, and the embedded data cannot close its element', () => {
    const hostile: Summary = {
      ...SUMMARY,
      watch_time: { ...SUMMARY.watch_time, by_team: [{ key: '<img src=x onerror=alert(1)>', seconds: 60 }] },
      funnel: { ...SUMMARY.funnel, failed_by_reason: [{ reason: '</script><script>alert(1)</script>', events: 1 }] },
    };
    const html = page('en', hostile, renderReports(hostile, 'en'));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('North &#60;operator&#62;');
    expect(html).toContain('North &#34;Network&#34;');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('formats figures for the language: hours, milliseconds, percent and money', () => {
    const en = renderReports(SUMMARY, 'en');
    expect(en).toContain('<th scope="row">Playback error rate</th><td class="num">25%</td>');
    expect(en).toContain('<th scope="row">Time to first frame, 90th percentile</th><td class="num">360 ms</td>');
    expect(en).toContain('<td class="num">CA$19.98</td>');
    const fr = renderReports(SUMMARY, 'fr');
    // French puts a no-break space (narrow or not, as the ICU data has it) before % and the currency.
    expect(fr).toMatch(/<td class="num">25[\u00a0\u202f]%<\/td>/);
    expect(fr).toMatch(/<td class="num">19,98[\u00a0\u202f]\$CA<\/td>/);
    expect(fr).toContain('<th scope="row">Final (#100)</th><td class="num">0,03</td>');
    expect(fr).toContain('<th scope="row">Non précisé</th>');
  });

  it('gives each chart the figures its table shows', () => {
    const specs = charts(SUMMARY, translator('en'));
    expect(specs.map((spec) => spec.id)).toEqual([
      'by_event',
      'by_sport',
      'by_school',
      'by_team',
      'funnel',
      'failed',
      'revenue_by_day',
      'revenue_by_product',
    ]);
    expect(specs.find((spec) => spec.id === 'funnel')?.series[0]?.values).toEqual([3, 0, 2, 2, 3, 2]);
    expect(specs.find((spec) => spec.id === 'revenue_by_day')).toEqual({
      id: 'revenue_by_day',
      kind: 'days',
      labels: ['2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10'],
      series: [
        { label: 'CAD', values: [9.99, 0, 0, 0, 0, 0, 0, 9.99, 19.99] },
        { label: 'USD', values: [0, 0, 0, 0, 0, 0, 0, 0, 5] },
      ],
    });
  });
});
