import type { AudienceStatus, ReportsAudience, ReportsOverview, ReportsQuery, ReportTable } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { ErrorPanel, Link, Loader, PageTitle, SectionTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import { Chart, type ChartRow } from '../../charts/Chart.tsx';
import { CsvLink, Grid, Stats } from '../../layout.ts';
import { reportsPaths } from '../../paths.ts';
import { defaultPeriod, PeriodPicker, useMoney, useNumbers } from '../../period.tsx';
import { exportHref, useGetReportsAudienceQuery, useGetReportsOverviewQuery } from '../../reportsApi.ts';

/** How often "viewers now" is asked again while the page is open. */
export const LIVE_REFRESH_MS = 30_000;

function Csv({ table, period, name }: { table: ReportTable; period: ReportsQuery; name: string }) {
  const { t } = useTranslation('reports');
  return (
    <CsvLink href={exportHref(table, period)} download>
      {t('csv', { name })}
    </CsvLink>
  );
}

function Money({ overview, period }: { overview: ReportsOverview; period: ReportsQuery }) {
  const { t } = useTranslation('reports');
  const money = useMoney(overview.currency);
  const { count } = useNumbers();
  const byDay: ChartRow[] = overview.revenue.byDay.map((row) => ({ label: row.day, value: row.amount, shown: money(row.amount) }));
  const byProduct: ChartRow[] = overview.revenue.byProduct.map((row) => ({ label: row.name, value: row.amount, shown: money(row.amount) }));
  const refunds: ChartRow[] = overview.refunds.byProduct.map((row) => ({ label: row.name, value: row.amount, shown: money(row.amount) }));
  const comps: ChartRow[] = overview.comps.byProduct.map((row) => ({ label: row.name, value: row.orders, shown: count(row.orders) }));
  return (
    <Stack as="section" aria-labelledby="reports-money" gap="md">
      <SectionTitle id="reports-money">{t('money.title')}</SectionTitle>
      <Text tone="muted">{t('money.source')}</Text>
      <Stats>
        <div>
          <dt>{t('money.revenue')}</dt>
          <dd data-testid="revenue-total">{money(overview.revenue.total)}</dd>
        </div>
        <div>
          <dt>{t('money.orders')}</dt>
          <dd>{count(overview.revenue.orders)}</dd>
        </div>
        <div>
          <dt>{t('money.refunds')}</dt>
          <dd>{t('money.refundsValue', { amount: money(overview.refunds.total), count: overview.refunds.orders })}</dd>
        </div>
        <div>
          <dt>{t('money.comps')}</dt>
          <dd>{count(overview.comps.orders)}</dd>
        </div>
      </Stats>
      <Grid>
        <Chart
          kind="columns"
          title={t('money.byDay')}
          labelHeading={t('day')}
          valueHeading={t('money.revenue')}
          rows={byDay}
          empty={t('money.none')}
          footer={<Csv table="revenue_by_day" period={period} name={t('money.byDay')} />}
        />
        <Chart
          title={t('money.byProduct')}
          labelHeading={t('money.product')}
          valueHeading={t('money.revenue')}
          rows={byProduct}
          empty={t('money.none')}
          footer={<Csv table="revenue_by_product" period={period} name={t('money.byProduct')} />}
        />
        <Chart
          title={t('money.refundsByProduct')}
          labelHeading={t('money.product')}
          valueHeading={t('money.refunded')}
          rows={refunds}
          empty={t('money.noRefunds')}
          footer={<Csv table="refunds" period={period} name={t('money.refundsByProduct')} />}
        />
        <Chart
          title={t('money.compsByProduct')}
          labelHeading={t('money.product')}
          valueHeading={t('money.compsCount')}
          rows={comps}
          empty={t('money.noComps')}
          footer={<Csv table="comps" period={period} name={t('money.compsByProduct')} />}
        />
      </Grid>
    </Stack>
  );
}

function People({ overview, period }: { overview: ReportsOverview; period: ReportsQuery }) {
  const { t } = useTranslation('reports');
  const { count } = useNumbers();
  return (
    <Stack as="section" aria-labelledby="reports-people" gap="md">
      <SectionTitle id="reports-people">{t('people.title')}</SectionTitle>
      <Stats>
        <div>
          <dt>{t('people.newViewers')}</dt>
          <dd>{count(overview.newViewers.total)}</dd>
        </div>
        <div>
          <dt>{t('people.clipsMade')}</dt>
          <dd>{count(overview.clips.made)}</dd>
        </div>
        <div>
          <dt>{t('people.clipsShared')}</dt>
          <dd>{count(overview.clips.shared)}</dd>
        </div>
      </Stats>
      <Grid>
        <Chart
          kind="columns"
          title={t('people.newViewersByDay')}
          labelHeading={t('day')}
          valueHeading={t('people.newViewers')}
          rows={overview.newViewers.byDay.map((row) => ({ label: row.day, value: row.count, shown: count(row.count) }))}
          empty={t('people.noViewers')}
          footer={<Csv table="new_viewers" period={period} name={t('people.newViewersByDay')} />}
        />
        <Chart
          kind="columns"
          title={t('people.clipsByDay')}
          labelHeading={t('day')}
          valueHeading={t('people.clipsMadeShared')}
          rows={overview.clips.byDay.map((row) => ({ label: row.day, value: row.made, shown: t('people.madeShared', { made: count(row.made), shared: count(row.shared) }) }))}
          empty={t('people.noClips')}
          footer={<Csv table="clips" period={period} name={t('people.clipsByDay')} />}
        />
      </Grid>
    </Stack>
  );
}

/** Which figures are missing and why, when the analytics service's are. */
function Missing({ status }: { status: AudienceStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Text role="note" data-testid="audience-missing">
      {status === 'not_configured' ? t('audience.notConfigured') : t('audience.unavailable')}
    </Text>
  );
}

function Audience({ audience, period }: { audience: ReportsAudience; period: ReportsQuery }) {
  const { t } = useTranslation('reports');
  const { count, duration } = useNumbers();
  const figures = audience.figures;
  const watch = (rows: Array<{ key: string | null; seconds: number }>): ChartRow[] => rows.map((row) => ({ label: row.key ?? t('audience.unknown'), value: row.seconds, shown: duration(row.seconds) }));
  return (
    <Stack as="section" aria-labelledby="reports-audience" gap="md">
      <SectionTitle id="reports-audience">{t('audience.title')}</SectionTitle>
      {!figures ? (
        <Missing status={audience.status} />
      ) : (
        <>
          <Text tone="muted">{t('audience.source')}</Text>
          <Stats>
            <div>
              <dt>{t('audience.liveViewers')}</dt>
              <dd aria-live="polite">{count(figures.liveViewers)}</dd>
            </div>
            <div>
              <dt>{t('audience.uniqueViewers')}</dt>
              <dd>{count(figures.uniqueViewers)}</dd>
            </div>
            <div>
              <dt>{t('audience.watchTime')}</dt>
              <dd>{duration(figures.watchSeconds)}</dd>
            </div>
          </Stats>
          <Grid>
            <Chart
              title={t('audience.byEvent')}
              labelHeading={t('audience.event')}
              valueHeading={t('audience.watchTime')}
              rows={figures.watchTime.byEvent.map((row) => ({ label: row.title ?? `#${row.eventId}`, value: row.seconds, shown: duration(row.seconds) }))}
              empty={t('audience.none')}
              footer={<Csv table="watch_by_event" period={period} name={t('audience.byEvent')} />}
            />
            <Chart title={t('audience.bySport')} labelHeading={t('audience.sport')} valueHeading={t('audience.watchTime')} rows={watch(figures.watchTime.bySport)} empty={t('audience.none')} footer={<Csv table="watch_by_sport" period={period} name={t('audience.bySport')} />} />
            <Chart title={t('audience.bySchool')} labelHeading={t('audience.school')} valueHeading={t('audience.watchTime')} rows={watch(figures.watchTime.bySchool)} empty={t('audience.none')} footer={<Csv table="watch_by_school" period={period} name={t('audience.bySchool')} />} />
            <Chart title={t('audience.byTeam')} labelHeading={t('audience.team')} valueHeading={t('audience.watchTime')} rows={watch(figures.watchTime.byTeam)} empty={t('audience.none')} footer={<Csv table="watch_by_team" period={period} name={t('audience.byTeam')} />} />
            <Chart
              title={t('audience.funnel')}
              labelHeading={t('audience.step')}
              valueHeading={t('audience.sessions')}
              rows={figures.funnel.map((row) => ({ label: t(`audience.steps.${row.step}`), value: row.sessions, shown: count(row.sessions) }))}
              empty={t('audience.none')}
              footer={<Csv table="funnel" period={period} name={t('audience.funnel')} />}
            />
          </Grid>
        </>
      )}
    </Stack>
  );
}

/**
 * The channel's reports (`/console/reports`, owners and analysts): the server's own figures for a
 * period (money with refunds and comps apart, new viewers, clips), then the analytics service's
 * (viewers now, asked again every 30 s, watch time and the funnel) or which of them are missing.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const [period, setPeriod] = useState(defaultPeriod);
  const overview = useGetReportsOverviewQuery(period);
  const audience = useGetReportsAudienceQuery(period, { pollingInterval: LIVE_REFRESH_MS, skipPollingIfUnfocused: true });

  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      <PeriodPicker value={period} onChange={setPeriod} />
      <Link href={reportsPaths.statement}>{t('statement.link')}</Link>
      {overview.isLoading ? (
        <Loader label={t('loading')} />
      ) : overview.isError || !overview.data ? (
        <ErrorPanel title={t('error')} message={errorText(overview.error)} actionLabel={t('retry')} onAction={() => void overview.refetch()} />
      ) : (
        <>
          <Money overview={overview.data} period={period} />
          <People overview={overview.data} period={period} />
        </>
      )}
      {audience.isLoading ? (
        <Loader label={t('audience.loading')} />
      ) : audience.isError || !audience.data ? (
        <ErrorPanel title={t('audience.error')} message={errorText(audience.error)} actionLabel={t('retry')} onAction={() => void audience.refetch()} />
      ) : (
        <Audience audience={audience.data} period={period} />
      )}
    </Stack>
  );
}
