/**
 * The reports page's script: draws each report's chart (the table beside it stays the accessible
 * form), and loads another channel or period without leaving the page, with loading and error
 * states. Without it, the server-rendered tables and the form still work.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './reports.css';
import { isLocale, translator, type Locale } from '../../src/reports/i18n.ts';
import { charts, renderError, renderReports, type ChartSpec } from '../../src/reports/render.ts';
import type { Summary } from '../../src/reports/summary.ts';

const locale: Locale = isLocale(document.documentElement.lang) ? document.documentElement.lang : 'en';
const t = translator(locale);
const reports = document.getElementById('reports');
const status = document.getElementById('status');
const form = document.querySelector<HTMLFormElement>('form.filters');
const dark = window.matchMedia('(prefers-color-scheme: dark)');

let current: Summary | null = readEmbedded();
let plots: uPlot[] = [];

function readEmbedded(): Summary | null {
  const text = document.getElementById('summary-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Summary | null;
  } catch {
    return null;
  }
}

function colour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

function shorten(label: string): string {
  return label.length > 14 ? `${label.slice(0, 13)}…` : label;
}

function options(spec: ChartSpec, width: number): uPlot.Options {
  const fg = colour('--fg');
  const grid = colour('--line');
  const palette = [colour('--series-1'), colour('--series-2'), colour('--series-3')];
  const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const bars = spec.kind === 'bars';
  return {
    width,
    height: 240,
    // A legend names the series only when there are several (currencies); no live values without a cursor.
    legend: { show: spec.series.length > 1, live: false },
    cursor: { show: false },
    scales: {
      x: bars ? { time: false, range: [-0.5, spec.labels.length - 0.5] } : { time: true },
      // Bars and amounts start at zero, or small differences look large.
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      bars
        ? { ...axis, splits: () => spec.labels.map((_, index) => index), values: (_u, splits) => splits.map((i) => shorten(spec.labels[i] ?? '')), rotate: -30, size: 70 }
        : axis,
      { ...axis, size: 60 },
    ],
    series: [
      {},
      ...spec.series.map((series, index) => {
        const stroke = palette[index % palette.length] ?? fg;
        return bars
          ? { label: series.label, stroke, fill: stroke, width: 0, paths: uPlot.paths.bars?.({ size: [0.7, 48] }), points: { show: false } }
          : { label: series.label, stroke, width: 2, points: { show: true, size: 5, fill: stroke } };
      }),
    ],
  };
}

function draw(): void {
  for (const plot of plots) plot.destroy();
  plots = [];
  if (!current || !reports) return;
  for (const spec of charts(current, t)) {
    const target = reports.querySelector<HTMLElement>(`[data-chart="${spec.id}"]`);
    if (!target || spec.labels.length === 0) continue;
    const xs = spec.kind === 'bars' ? spec.labels.map((_, index) => index) : spec.labels.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [xs, ...spec.series.map((series) => series.values)];
    plots.push(new uPlot(options(spec, Math.max(240, Math.floor(target.getBoundingClientRect().width))), data, target));
  }
}

function addDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function load(): Promise<void> {
  if (!form || !reports || !status) return;
  if (!form.reportValidity()) return;
  const fields = new FormData(form);
  const channel = String(fields.get('channel') ?? '');
  const from = String(fields.get('from') ?? '');
  const until = String(fields.get('until') ?? '');
  for (const stale of document.querySelectorAll('#period-error')) stale.remove();
  reports.setAttribute('aria-busy', 'true');
  status.textContent = t('loading');
  try {
    const query = new URLSearchParams({ from, to: until ? addDay(until) : '' });
    const response = await fetch(`/reports/api/${encodeURIComponent(channel)}/summary?${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.status === 401) {
      window.location.assign(`/reports/login?lang=${locale}`);
      return;
    }
    const body = (await response.json().catch(() => null)) as { data?: Summary; message?: string; field?: string } | null;
    if (!response.ok || !body?.data) throw new Error(body?.message ?? response.statusText);
    current = body.data;
    reports.innerHTML = renderReports(current, locale);
    draw();
    window.history.pushState(null, '', `/reports/?${new URLSearchParams({ channel, from, until, lang: locale })}`);
    status.textContent = t('loaded');
  } catch (error) {
    current = null;
    draw();
    reports.innerHTML = renderError(locale, error instanceof Error ? error.message : undefined);
    status.textContent = '';
  } finally {
    reports.setAttribute('aria-busy', 'false');
  }
}

form?.addEventListener('submit', (event) => {
  event.preventDefault();
  void load();
});
reports?.addEventListener('click', (event) => {
  if (event.target instanceof HTMLElement && event.target.closest('[data-retry]')) void load();
});
window.addEventListener('popstate', () => window.location.reload());
dark.addEventListener('change', draw);
let resizing: number | undefined;
window.addEventListener('resize', () => {
  window.clearTimeout(resizing);
  resizing = window.setTimeout(draw, 150);
});
draw();
