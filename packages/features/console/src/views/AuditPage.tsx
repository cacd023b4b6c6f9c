import type { AuditEntry } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, EmptyState, ErrorPanel, Loader, PageTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useGetAuditQuery } from '../consoleApi.ts';
import { useConsoleErrorText } from '../shared/errors.ts';
import { DataTable } from '../shared/layout.ts';
import { useConsoleOperator } from '../shared/operator.tsx';

/** A before or after value as the server stored it, indented; nothing for none. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return <Json>{JSON.stringify(value, null, 2)}</Json>;
}

function Entry({ entry, dates }: { entry: AuditEntry; dates: Intl.DateTimeFormat }) {
  const { t } = useTranslation('console');
  return (
    <tr>
      <td data-label={t('audit.when')}>
        <time dateTime={entry.at}>{dates.format(new Date(entry.at))}</time>
      </td>
      <td data-label={t('audit.who')}>
        {entry.actor.label}
        {entry.actor.kind === 'token' && ` (${t('audit.token')})`}
      </td>
      <td data-label={t('audit.what')}>
        <code>{entry.action}</code>
      </td>
      <td data-label={t('audit.subject')}>{entry.subject}</td>
      <td data-label={t('audit.change')}>
        <details>
          <summary>{t('audit.details')}</summary>
          <Change>
            <div>
              <strong>{t('audit.before')}</strong>
              <Value value={entry.before} />
            </div>
            <div>
              <strong>{t('audit.after')}</strong>
              <Value value={entry.after} />
            </div>
          </Change>
        </details>
      </td>
    </tr>
  );
}

/** One page of the log (50 entries before a cursor), and the button to the next older page on the last one. */
function AuditChunk({ before, last, onOlder }: { before?: number; last: boolean; onOlder: (next: number) => void }) {
  const { t, i18n } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const page = useGetAuditQuery({ before });
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  if (page.isLoading) return <Loader label={t('loading')} />;
  if (page.isError || !page.data) return <ErrorPanel title={t('audit.title')} message={errorText(page.error)} actionLabel={t('retry')} onAction={() => void page.refetch()} />;
  if (before === undefined && page.data.entries.length === 0) return <EmptyState title={t('audit.empty')} headingLevel={2} />;
  const { next } = page.data;
  return (
    <>
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.subject')}</th>
            <th scope="col">{t('audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {page.data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} dates={dates} />
          ))}
        </tbody>
      </DataTable>
      {last && next !== null && (
        <div>
          <Button type="button" variant="secondary" onClick={() => onOlder(next)}>
            {t('audit.more')}
          </Button>
        </div>
      )}
    </>
  );
}

/** `/console/audit` (owners): every change made in the channel's control room, who made it, when, before and after. */
export function AuditPage() {
  const { t } = useTranslation('console');
  const { channel } = useConsoleOperator();
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  return (
    <Stack gap="lg">
      <PageTitle>{t('audit.title')}</PageTitle>
      <Text tone="muted">{t('audit.intro', { channel: channel.name })}</Text>
      {cursors.map((before, index) => (
        <AuditChunk key={before ?? 'newest'} before={before} last={index === cursors.length - 1} onOlder={(next) => setCursors((known) => [...known, next])} />
      ))}
    </Stack>
  );
}

const Json = styled.pre`
  margin: var(--gs-space-xs) 0 0;
  padding: var(--gs-space-sm);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  border-radius: var(--gs-radius-sm);
  font-size: var(--gs-font-size-xs);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-width: 40rem;
`;

const Change = styled.div`
  display: grid;
  gap: var(--gs-space-sm);
  padding-block-start: var(--gs-space-xs);
`;
