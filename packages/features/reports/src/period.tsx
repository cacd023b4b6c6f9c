import { REPORTS_DEFAULT_DAYS, ReportDay, type ReportsQuery } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { PeriodForm } from './layout.ts';

const DAY_MS = 86_400_000;

/** The default period, as the server's: the last 30 UTC days, today included. */
export function defaultPeriod(now: Date = new Date()): Required<ReportsQuery> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { from: new Date(today - (REPORTS_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10), to: new Date(today).toISOString().slice(0, 10) };
}

/** The period's two dates, applied together with the button (a report is not asked for at each keystroke). */
export function PeriodPicker({ value, onChange }: { value: Required<ReportsQuery>; onChange: (period: Required<ReportsQuery>) => void }) {
  const { t } = useTranslation('reports');
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; text: string } | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ReportDay.safeParse(from).success) return setProblem({ field: 'from', text: t('period.invalid') });
    if (!ReportDay.safeParse(to).success) return setProblem({ field: 'to', text: t('period.invalid') });
    if (from > to) return setProblem({ field: 'from', text: t('period.order') });
    setProblem(null);
    onChange({ from, to });
  };

  return (
    <PeriodForm noValidate aria-label={t('period.label')} onSubmit={onSubmit}>
      <TextField type="date" label={t('period.from')} name="from" value={from} required error={problem?.field === 'from' ? problem.text : undefined} onChange={(event) => setFrom(event.target.value)} />
      <TextField type="date" label={t('period.to')} name="to" value={to} required error={problem?.field === 'to' ? problem.text : undefined} onChange={(event) => setTo(event.target.value)} />
      <Button type="submit">{t('period.show')}</Button>
    </PeriodForm>
  );
}

/** Money in the channel's currency and the operator's language. */
export function useMoney(currency: string | undefined): (amount: number) => string {
  const { i18n } = useTranslation('reports');
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: currency ?? 'USD' });
  return (amount) => format.format(amount);
}

/** Counts and watch time (hours and minutes) in the operator's language. */
export function useNumbers() {
  const { t, i18n } = useTranslation('reports');
  const count = new Intl.NumberFormat(i18n.language);
  return {
    count: (value: number) => count.format(value),
    duration: (seconds: number) => {
      const minutes = Math.round(seconds / 60);
      return t('duration', { hours: count.format(Math.floor(minutes / 60)), minutes: count.format(minutes % 60) });
    },
  };
}
