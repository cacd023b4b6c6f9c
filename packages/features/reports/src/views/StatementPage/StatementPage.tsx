import { ReportSettings, type ReportSettingsResponse, type ReportsQuery, type RevenueShareStatement, type ShareLine, type ShareRule } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';
import { Button, DataTable, ErrorPanel, FormMessage, Link, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CsvLink, NoPrint } from '../../layout.ts';
import { useMayEditReportSettings } from '../../operator.tsx';
import { reportsPaths } from '../../paths.ts';
import { defaultPeriod, PeriodPicker, useMoney, useNumbers } from '../../period.tsx';
import { exportHref, useGetReportSettingsQuery, useGetRevenueShareQuery, useUpdateReportSettingsMutation } from '../../reportsApi.ts';

const SettingsForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  align-items: end;
`;

function Lines({ caption, heading, lines, statement }: { caption: string; heading: string; lines: ShareLine[]; statement: RevenueShareStatement }) {
  const { t } = useTranslation('reports');
  const money = useMoney(statement.currency);
  const { duration } = useNumbers();
  const cents = (pick: (line: ShareLine) => number) => lines.reduce((sum, line) => sum + Math.round(pick(line) * 100), 0) / 100;
  const watchRule = statement.settings.shareRule === 'watch_time';
  return (
    // Six columns of money do not fit a phone: the table keeps a readable width and its frame
    // scrolls, focusable so a keyboard scrolls it too (its name is the table's).
    <DataTable minWidth="40rem" numeric tabIndex={0} role="region" aria-label={caption}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">{t('statement.direct')}</th>
          <th scope="col">{t('statement.pooled')}</th>
          <th scope="col">{t('statement.revenue')}</th>
          <th scope="col">{t('statement.share', { percent: statement.settings.sharePercent })}</th>
          {watchRule && <th scope="col">{t('audience.watchTime')}</th>}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id ?? 'none'}>
            <th scope="row">{line.id === null ? t('statement.notCredited') : line.name}</th>
            <td>{money(line.direct)}</td>
            <td>{money(line.pooled)}</td>
            <td>{money(line.revenue)}</td>
            <td>{money(line.share)}</td>
            {watchRule && <td>{line.watchSeconds === null ? '' : duration(line.watchSeconds)}</td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('statement.total')}</th>
          <td>{money(cents((line) => line.direct))}</td>
          <td>{money(cents((line) => line.pooled))}</td>
          <td data-testid="statement-total">{money(cents((line) => line.revenue))}</td>
          <td>{money(cents((line) => line.share))}</td>
          {watchRule && <td />}
        </tr>
      </tfoot>
    </DataTable>
  );
}

function Settings({ current }: { current: ReportSettingsResponse }) {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const mayEdit = useMayEditReportSettings();
  const [save, { isLoading }] = useUpdateReportSettingsMutation();
  const [rule, setRule] = useState<ShareRule>(current.settings.shareRule);
  const [percent, setPercent] = useState(String(current.settings.sharePercent));
  const [problem, setProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const describe = (settings: ReportSettingsResponse['settings']) => t(`settings.rules.${settings.shareRule}`) + ' · ' + t('settings.percentValue', { percent: settings.sharePercent });
  if (!mayEdit) return <Text data-testid="share-rule">{describe(current.settings)}</Text>;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ReportSettings.safeParse({ shareRule: rule, sharePercent: percent.trim() === '' ? Number.NaN : Number(percent.replace(',', '.')) });
    if (!checked.success) {
      setProblem(t('settings.percentInvalid'));
      return;
    }
    setProblem(undefined);
    try {
      const saved = await save(checked.data).unwrap();
      setOutcome({ tone: 'success', text: t('settings.saved', { rule: describe(saved.settings) }) });
    } catch (error) {
      if (isApiError(error) && error.field === 'sharePercent') setProblem(errorText(error));
      else setOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <NoPrint>
      <Stack gap="sm">
        <SettingsForm noValidate aria-label={t('settings.title')} onSubmit={(event) => void onSubmit(event)}>
          <Select
            label={t('settings.rule')}
            name="shareRule"
            value={rule}
            options={(['watch_time', 'flat'] as const).map((value) => ({ value, label: t(`settings.rules.${value}`) }))}
            onChange={(event) => setRule(event.target.value as ShareRule)}
          />
          <TextField label={t('settings.percent')} name="sharePercent" inputMode="decimal" value={percent} error={problem} hint={t('settings.percentHint')} onChange={(event) => setPercent(event.target.value)} />
          <Button type="submit" loading={isLoading}>
            {t('settings.save')}
          </Button>
        </SettingsForm>
        <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
      </Stack>
    </NoPrint>
  );
}

function Statement({ statement, period }: { statement: RevenueShareStatement; period: ReportsQuery }) {
  const { t } = useTranslation('reports');
  const money = useMoney(statement.currency);
  return (
    <Stack gap="lg">
      <Text>
        {t('statement.summary', { from: statement.period.from, to: statement.period.to, revenue: money(statement.revenue), pooled: money(statement.pooled) })}
      </Text>
      {statement.audience !== 'ok' && (
        <Text role="note" data-testid="statement-missing">
          {t(statement.audience === 'not_configured' ? 'statement.audienceNotConfigured' : 'statement.audienceUnavailable')}
        </Text>
      )}
      <Stack gap="sm">
        <SectionTitle id="statement-schools">{t('statement.bySchool')}</SectionTitle>
        <Lines caption={t('statement.bySchool')} heading={t('audience.school')} lines={statement.bySchool} statement={statement} />
        <CsvLink href={exportHref('revenue_by_school', period)} download>
          {t('csv', { name: t('statement.bySchool') })}
        </CsvLink>
      </Stack>
      <Stack gap="sm">
        <SectionTitle id="statement-teams">{t('statement.byTeam')}</SectionTitle>
        <Lines caption={t('statement.byTeam')} heading={t('audience.team')} lines={statement.byTeam} statement={statement} />
        <CsvLink href={exportHref('revenue_by_team', period)} download>
          {t('csv', { name: t('statement.byTeam') })}
        </CsvLink>
      </Stack>
    </Stack>
  );
}

/**
 * The revenue-share statement (`/console/reports/statement`): revenue by school and by team for a
 * period, by the channel's share rule (owners change it here), as tables, CSV and a printed page.
 */
export function StatementPage() {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const [period, setPeriod] = useState(defaultPeriod);
  const settings = useGetReportSettingsQuery();
  const statement = useGetRevenueShareQuery(period);

  return (
    <Stack gap="lg">
      <PageTitle>{t('statement.title')}</PageTitle>
      <NoPrint>
        <Link href={reportsPaths.reports}>{t('statement.back')}</Link>
      </NoPrint>
      <Stack as="section" gap="sm" aria-labelledby="statement-settings">
        <SectionTitle id="statement-settings">{t('settings.title')}</SectionTitle>
        {settings.isLoading ? (
          <Loader label={t('loading')} />
        ) : settings.isError || !settings.data ? (
          <ErrorPanel title={t('error')} message={errorText(settings.error)} actionLabel={t('retry')} onAction={() => void settings.refetch()} />
        ) : (
          <Settings current={settings.data} />
        )}
      </Stack>
      <PeriodPicker value={period} onChange={setPeriod} />
      <NoPrint>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          {t('statement.print')}
        </Button>
      </NoPrint>
      {statement.isLoading || statement.isFetching ? (
        <Loader label={t('loading')} />
      ) : statement.isError || !statement.data ? (
        <ErrorPanel title={t('error')} message={errorText(statement.error)} actionLabel={t('retry')} onAction={() => void statement.refetch()} />
      ) : (
        <Statement statement={statement.data} period={period} />
      )}
    </Stack>
  );
}
