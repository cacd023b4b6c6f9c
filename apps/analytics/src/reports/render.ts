/**
 * The reports' HTML, as strings: the server renders the page with it, and the page's script
 * renders a newly chosen channel or period with the same functions, so both always agree.
 * Every value is escaped; the page runs under a CSP without inline script or style.
 */
import { FUNNEL_STEPS, type FigureSource, type Summary } from './summary.ts';
import { translator, type Locale, type MessageKey, type Translate } from './i18n.ts';

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface Formats {
  number: (value: number) => string;
  hours: (seconds: number) => string;
  ms: (value: number | null) => string;
  percent: (value: number | null) => string;
  money: (amount: number, currency: string) => string;
}

export function formats(locale: Locale, t: Translate): Formats {
  const number = new Intl.NumberFormat(locale);
  const hours = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const ms = new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 });
  return {
    number: (value) => number.format(value),
    hours: (seconds) => hours.format(seconds / 3600),
    ms: (value) => (value === null ? t('none') : ms.format(value)),
    percent: (value) => (value === null ? t('none') : percent.format(value)),
    money: (amount, currency) => {
      try {
        return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
      } catch {
        // A currency code Intl does not know still shows, after the amount.
        return `${number.format(amount)} ${currency}`.trim();
      }
    },
  };
}

/** What a chart draws: one label per bar or point, and one or more series of values. */
export interface ChartSpec {
  id: string;
  kind: 'bars' | 'days';
  labels: string[];
  series: { label: string; values: number[] }[];
}

function tagLabel(key: string | null, t: Translate): string {
  return key ?? t('notTagged');
}
function eventLabel(row: { stream_id: number; title: string | null }): string {
  return row.title ? `${row.title} (#${row.stream_id})` : `#${row.stream_id}`;
}

/** The charts of a summary, in the order the page shows them. */
export function charts(summary: Summary, t: Translate): ChartSpec[] {
  const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
  const watch = (id: string, rows: { label: string; seconds: number }[]): ChartSpec => ({
    id,
    kind: 'bars',
    labels: rows.map((row) => row.label),
    series: [{ label: t('hours'), values: rows.map((row) => hours(row.seconds)) }],
  });
  // Every day from the first sale to the last, so a day without revenue shows as zero, not as a line across it.
  const sold = summary.revenue.by_day.map((row) => row.day).sort();
  const days: string[] = [];
  if (sold.length) {
    const last = Date.parse(`${sold.at(-1)}T00:00:00Z`);
    for (let day = Date.parse(`${sold[0]}T00:00:00Z`); day <= last && days.length <= 400; day += 86_400_000) {
      days.push(new Date(day).toISOString().slice(0, 10));
    }
  }
  const currencies = [...new Set(summary.revenue.by_day.map((row) => row.currency))];
  return [
    watch('by_event', summary.watch_time.by_event.map((row) => ({ label: eventLabel(row), seconds: row.seconds }))),
    watch('by_sport', summary.watch_time.by_sport.map((row) => ({ label: tagLabel(row.key, t), seconds: row.seconds }))),
    watch('by_school', summary.watch_time.by_school.map((row) => ({ label: tagLabel(row.key, t), seconds: row.seconds }))),
    watch('by_team', summary.watch_time.by_team.map((row) => ({ label: tagLabel(row.key, t), seconds: row.seconds }))),
    {
      id: 'funnel',
      kind: 'bars',
      labels: summary.funnel.steps.map((row) => t(`step_${row.step}` as MessageKey)),
      series: [{ label: t('sessions'), values: summary.funnel.steps.map((row) => row.sessions) }],
    },
    {
      id: 'failed',
      kind: 'bars',
      labels: summary.funnel.failed_by_reason.map((row) => row.reason),
      series: [{ label: t('events'), values: summary.funnel.failed_by_reason.map((row) => row.events) }],
    },
    {
      id: 'revenue_by_day',
      kind: 'days',
      labels: days,
      series: currencies.map((currency) => ({
        label: currency,
        values: days.map((day) => summary.revenue.by_day.find((row) => row.day === day && row.currency === currency)?.amount ?? 0),
      })),
    },
    {
      id: 'revenue_by_product',
      kind: 'bars',
      labels: summary.revenue.by_product.map((row) => `${row.product_name ?? `#${row.product_id ?? ''}`} (${row.currency})`),
      series: [{ label: t('revenue'), values: summary.revenue.by_product.map((row) => row.amount) }],
    },
  ];
}

function table(caption: string, headers: string[], rows: string[][], numeric: boolean[]): string {
  const head = headers.map((header, index) => `<th scope="col"${numeric[index] ? ' class="num"' : ''}>${escapeHtml(header)}</th>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells
          .map((cell, index) => (index === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td${numeric[index] ? ' class="num"' : ''}>${escapeHtml(cell)}</td>`))
          .join('')}</tr>`,
    )
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function section(id: string, title: string, content: string, source?: { from: FigureSource; t: Translate }): string {
  // Each report says whether the server measured it or the browsers reported it.
  const note = source ? `<p class="source" data-source="${source.from}">${escapeHtml(source.t(source.from === 'server' ? 'sourceServer' : 'sourceBrowser'))}</p>` : '';
  return `<section class="report" aria-labelledby="h-${id}"><h2 id="h-${id}">${escapeHtml(title)}</h2>${note}${content}</section>`;
}

/** The chart (drawn by the script; hidden from assistive technology) and the table that is its accessible form. */
function charted(id: string, tableHtml: string): string {
  return `<div class="chart" data-chart="${id}" aria-hidden="true"></div>${tableHtml}`;
}

function empty(message: string): string {
  return `<p class="empty">${escapeHtml(message)}</p>`;
}

/** Every report of a summary. */
export function renderReports(summary: Summary, locale: Locale): string {
  const t = translator(locale);
  const f = formats(locale, t);
  const noViews = summary.views === 0 && summary.watch_seconds === 0;

  const audience = section(
    'audience',
    t('audience'),
    `${noViews ? empty(t('noViews')) : ''}${table(
      t('audience'),
      [t('figure'), t('value')],
      [
        [t('pageViews'), f.number(summary.site.page_views)],
        [t('visitors'), f.number(summary.site.visitors)],
        [t('logins'), f.number(summary.site.logins)],
        [t('liveViewers'), f.number(summary.live_viewers)],
        [t('views'), f.number(summary.views)],
        [t('uniqueViewers'), f.number(summary.unique_viewers)],
        [`${t('watchTime')} (${t('hours').toLowerCase()})`, f.hours(summary.watch_seconds)],
        [t('ttffMedian'), f.ms(summary.playback.ttff_median_ms)],
        [t('ttffP90'), f.ms(summary.playback.ttff_p90_ms)],
        [t('playbackErrors'), f.number(summary.playback.errors)],
        [t('errorRate'), f.percent(summary.playback.error_rate)],
      ],
      [false, true],
    )}`,
    { from: summary.sources.audience, t },
  );

  const watchSection = (id: 'by_event' | 'by_sport' | 'by_school' | 'by_team', title: MessageKey, column: MessageKey) => {
    const rows =
      id === 'by_event'
        ? summary.watch_time.by_event.map((row) => [eventLabel(row), f.hours(row.seconds)])
        : summary.watch_time[id].map((row) => [tagLabel(row.key, t), f.hours(row.seconds)]);
    return section(id, t(title), rows.length === 0 ? empty(t('noViews')) : charted(id, table(t(title), [t(column), t('hours')], rows, [false, true])), {
      from: summary.sources.watch_time,
      t,
    });
  };

  const anyFunnel = summary.funnel.steps.some((step) => step.events > 0);
  const funnel = section(
    'funnel',
    t('funnel'),
    anyFunnel
      ? charted(
          'funnel',
          table(
            t('funnel'),
            [t('step'), t('events'), t('sessions')],
            FUNNEL_STEPS.map((step) => {
              const row = summary.funnel.steps.find((s) => s.step === step);
              return [t(`step_${step}` as MessageKey), f.number(row?.events ?? 0), f.number(row?.sessions ?? 0)];
            }),
            [false, true, true],
          ),
        )
      : empty(t('noPurchases')),
    { from: summary.sources.funnel, t },
  );
  const failed = section(
    'failed',
    t('failedByReason'),
    summary.funnel.failed_by_reason.length
      ? charted(
          'failed',
          table(t('failedByReason'), [t('reason'), t('events')], summary.funnel.failed_by_reason.map((row) => [row.reason, f.number(row.events)]), [false, true]),
        )
      : empty(t('noFailures')),
    { from: summary.sources.funnel, t },
  );
  const byDay = section(
    'revenue_by_day',
    t('revenueByDay'),
    summary.revenue.by_day.length
      ? charted(
          'revenue_by_day',
          table(
            t('revenueByDay'),
            [t('day'), t('currency'), t('revenue'), t('purchases')],
            summary.revenue.by_day.map((row) => [row.day, row.currency, f.money(row.amount, row.currency), f.number(row.purchases)]),
            [false, false, true, true],
          ),
        )
      : empty(t('noRevenue')),
    { from: summary.sources.revenue, t },
  );
  const byProduct = section(
    'revenue_by_product',
    t('revenueByProduct'),
    summary.revenue.by_product.length
      ? charted(
          'revenue_by_product',
          table(
            t('revenueByProduct'),
            [t('product'), t('currency'), t('revenue'), t('purchases')],
            summary.revenue.by_product.map((row) => [
              `${row.product_name ?? `#${row.product_id ?? ''}`}${row.product_type ? ` (${row.product_type})` : ''}`,
              row.currency,
              f.money(row.amount, row.currency),
              f.number(row.purchases),
            ]),
            [false, false, true, true],
          ),
        )
      : empty(t('noRevenue')),
    { from: summary.sources.revenue, t },
  );

  return [
    audience,
    watchSection('by_event', 'byEvent', 'event'),
    watchSection('by_sport', 'bySport', 'sport'),
    watchSection('by_school', 'bySchool', 'school'),
    watchSection('by_team', 'byTeam', 'team'),
    funnel,
    failed,
    byDay,
    byProduct,
  ].join('\n');
}

/** The error state, also what the script shows when a request fails. */
export function renderError(locale: Locale, detail?: string): string {
  const t = translator(locale);
  return `<div class="error" role="alert"><p>${escapeHtml(t('error'))}${detail ? ` ${escapeHtml(detail)}` : ''}</p><button type="button" data-retry>${escapeHtml(t('retry'))}</button></div>`;
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

function shell(locale: Locale, title: string, header: string, main: string): string {
  const t = translator(locale);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(t('service'))}</title>
<link rel="stylesheet" href="/reports/assets/app.css">
<script type="module" src="/reports/assets/app.js"></script>
</head>
<body>
<header class="top">${header}</header>
<main id="main">${main}</main>
</body>
</html>`;
}

function languageSwitch(locale: Locale, hrefFor: (lang: Locale) => string): string {
  const t = translator(locale);
  const links = (Object.keys(LANGUAGE_NAMES) as Locale[])
    .map(
      (lang) =>
        `<a href="${escapeHtml(hrefFor(lang))}" lang="${lang}" hreflang="${lang}"${lang === locale ? ' aria-current="true"' : ''}>${LANGUAGE_NAMES[lang]}</a>`,
    )
    .join(' ');
  return `<nav class="languages" aria-label="${escapeHtml(t('language'))}">${links}</nav>`;
}

export interface LoginView {
  locale: Locale;
  email?: string;
  error?: string;
  /** The operator turned TOTP on: the form asks for the code beside the password. */
  askCode?: boolean;
}

export function renderLogin(view: LoginView): string {
  const t = translator(view.locale);
  const header = `<p class="product">${escapeHtml(t('service'))}</p>${languageSwitch(view.locale, (lang) => `/reports/login?lang=${lang}`)}`;
  const main = `<h1>${escapeHtml(t('signInTitle'))}</h1>
${view.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(view.error)}</p>` : ''}
<form class="login" method="post" action="/reports/login">
<input type="hidden" name="lang" value="${view.locale}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(view.email ?? '')}"${view.error ? ' aria-describedby="login-error"' : ''}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024">
${view.askCode ? `<label for="code">${escapeHtml(t('code'))}</label>\n<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="16">\n` : ''}<button type="submit">${escapeHtml(t('signIn'))}</button>
</form>`;
  return shell(view.locale, t('signInTitle'), header, main);
}

export interface PageView {
  locale: Locale;
  operatorName: string;
  channels: { slug: string; name: string }[];
  channel: string;
  from: string;
  until: string;
  /** The reports' HTML, or the error state. */
  body: string;
  summary: Summary | null;
  /** An invalid period: which field, shown by the form. */
  fieldError?: { field: string; message: string };
}

export function renderPage(view: PageView): string {
  const t = translator(view.locale);
  const query = (lang: Locale) => `/reports/?${new URLSearchParams({ channel: view.channel, from: view.from, until: view.until, lang })}`;
  const header = `<p class="product">${escapeHtml(t('service'))}</p>
${languageSwitch(view.locale, query)}
<p class="who">${escapeHtml(t('signedInAs', { name: view.operatorName }))}</p>
<form method="post" action="/reports/logout"><button type="submit">${escapeHtml(t('signOut'))}</button></form>`;
  const options = view.channels
    .map((channel) => `<option value="${escapeHtml(channel.slug)}"${channel.slug === view.channel ? ' selected' : ''}>${escapeHtml(channel.name)}</option>`)
    .join('');
  const invalid = (field: string) =>
    view.fieldError?.field === field ? ` aria-invalid="true" aria-describedby="period-error"` : '';
  const main = `<h1>${escapeHtml(t('title'))}</h1>
<form class="filters" method="get" action="/reports/" aria-label="${escapeHtml(t('filters'))}">
<input type="hidden" name="lang" value="${view.locale}">
<div><label for="channel">${escapeHtml(t('channel'))}</label>
<select id="channel" name="channel">${options}</select></div>
<div><label for="from">${escapeHtml(t('from'))}</label>
<input id="from" name="from" type="date" value="${escapeHtml(view.from)}" required${invalid('from')}></div>
<div><label for="until">${escapeHtml(t('until'))}</label>
<input id="until" name="until" type="date" value="${escapeHtml(view.until)}" required${invalid('until')}></div>
<button type="submit">${escapeHtml(t('show'))}</button>
</form>
${view.fieldError ? `<p class="error" role="alert" id="period-error">${escapeHtml(view.fieldError.message)}</p>` : ''}
<p class="status" id="status" role="status"></p>
<div id="reports" class="reports" aria-busy="false">${view.body}</div>
<script type="application/json" id="summary-data">${jsonForScript(view.summary)}</script>`;
  return shell(view.locale, t('title'), header, main);
}

/** JSON inside a data block: `<` escaped, so no value can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

