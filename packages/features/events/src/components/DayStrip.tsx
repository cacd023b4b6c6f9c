import { formatDate, useTranslation } from '@grandstand/i18n';
import { Button } from '@grandstand/ui';
import styled from 'styled-components';
import { addDays, dayInstant } from '../days.ts';

export interface DayStripProps {
  /** The chosen day, YYYY-MM-DD. */
  day: string;
  /** The first day one may choose (the schedule starts today). */
  first: string;
  onChange: (day: string) => void;
  /** How many days the strip shows. */
  span?: number;
}

/**
 * The schedule's calendar (spec §9: it moves a day, 86400 s, at a time): previous and next day,
 * a row of days to pick from (radio semantics through aria-pressed buttons) and Today.
 */
export function DayStrip({ day, first, onChange, span = 7 }: DayStripProps) {
  const { t, i18n } = useTranslation('events');
  // The strip starts at the chosen day, never before the first day: moving a day moves the strip.
  const start = day < first ? first : day;
  const days = Array.from({ length: span }, (_, index) => addDays(start, index - Math.min(3, daysBetween(first, start))));
  const label = (value: string, options: Intl.DateTimeFormatOptions) => formatDate(dayInstant(value), i18n.language, { timeZone: 'UTC', ...options });

  return (
    <Strip role="group" aria-label={t('calendar.label')}>
      <Button variant="ghost" size="sm" disabled={day <= first} onClick={() => onChange(addDays(day, -1))}>
        <span aria-hidden="true">‹ </span>
        {t('calendar.previousDay')}
      </Button>
      <Days>
        {days.map((value) => (
          <li key={value}>
            <DayButton type="button" aria-pressed={value === day} $selected={value === day} onClick={() => onChange(value)}>
              <span>{value === first ? t('calendar.today') : label(value, { weekday: 'short' })}</span>
              <strong>{label(value, { month: 'short', day: 'numeric' })}</strong>
            </DayButton>
          </li>
        ))}
      </Days>
      <Button variant="ghost" size="sm" onClick={() => onChange(addDays(day, 1))}>
        {t('calendar.nextDay')}
        <span aria-hidden="true"> ›</span>
      </Button>
      {day !== first && (
        <Button variant="secondary" size="sm" onClick={() => onChange(first)}>
          {t('calendar.today')}
        </Button>
      )}
    </Strip>
  );
}

function daysBetween(from: string, to: string): number {
  return Math.round((dayInstant(to) - dayInstant(from)) / 86_400_000);
}

const Strip = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);
`;

const Days = styled.ul`
  display: flex;
  gap: var(--gs-space-xs);
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
`;

const DayButton = styled.button<{ $selected: boolean }>`
  display: grid;
  justify-items: center;
  min-width: 4.5rem;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  font: inherit;
  font-size: var(--gs-font-size-sm);
  background: ${({ theme, $selected }) => ($selected ? theme.colors.secondaryColor : theme.colors.bodyBackground)};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.secondaryContrast : theme.colors.bodyTextColor)};
  cursor: pointer;

  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;
