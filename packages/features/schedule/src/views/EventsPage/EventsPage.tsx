import type { ConsoleEvent, ScheduleStatus } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonLink, EmptyState, ErrorPanel, FormMessage, Loader, PageTitle, Pagination, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmAction } from '../../components/ConfirmAction.tsx';
import type { PendingAction } from '../../components/ConfirmAction.tsx';
import { ConsolePage } from '../../components/ConsolePage.ts';
import { EventRow } from '../../components/EventRow.tsx';
import { SCHEDULE_STATUSES, schedulePaths } from '../../paths.ts';
import { useGetScheduleEventsQuery, useGetScheduleOptionsQuery } from '../../scheduleApi.ts';
import { useCanWriteEvents } from '../../useCanWriteEvents.ts';
import { EventList, HeaderRow, SearchForm, Toolbar } from './EventsPage.styles.ts';

/** What a form hands the list when it sends the operator back to it ("“…” is created."). */
export interface ListNotice {
  text: string;
}

function statusOf(value: string | null): ScheduleStatus | undefined {
  return SCHEDULE_STATUSES.find((status) => status === value);
}

/**
 * The channel's events in the control room: a status filter and a search kept in the address (so
 * a list can be shared and the back button returns to it), each event with its state and the
 * actions the operator's role allows.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation('schedule');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canWrite = useCanWriteEvents();
  const notice = useLocation().state as ListNotice | null;
  const list = useGetScheduleEventsQuery({ status, q: q || undefined, page });
  const options = useGetScheduleOptionsQuery();
  const currency = options.data?.currency ?? 'USD';

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A new filter starts again at its first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };

  const events = list.data?.events ?? [];
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const statusOptions = [
    { value: '', label: t('list.status.all') },
    ...SCHEDULE_STATUSES.map((value) => ({ value, label: t(`list.status.${value}`) })),
  ];

  return (
    <ConsolePage width="wide" gap="lg">
      <HeaderRow>
        <PageTitle>{t('list.title')}</PageTitle>
        {canWrite && (
          <Stack direction="row" gap="sm">
            <ButtonLink href={schedulePaths.newEvent}>{t('list.newEvent')}</ButtonLink>
            <ButtonLink href={schedulePaths.import} variant="secondary">
              {t('list.import')}
            </ButtonLink>
          </Stack>
        )}
      </HeaderRow>

      <Toolbar>
        <Select label={t('list.statusLabel')} options={statusOptions} value={status ?? ''} onChange={(event) => update({ status: event.target.value || undefined })} />
        <SearchForm role="search" onSubmit={onSearch}>
          <TextField type="search" label={t('list.searchLabel')} value={search} onChange={(event) => setSearch(event.target.value)} />
          <Button type="submit" variant="secondary">
            {t('list.searchButton')}
          </Button>
        </SearchForm>
      </Toolbar>

      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? notice?.text ?? ''}</FormMessage>

      {list.isLoading ? (
        <Loader label={t('list.loading')} />
      ) : list.isError && !list.data ? (
        <ErrorPanel title={t('list.errorTitle')} message={t('list.errorMessage')} actionLabel={t('list.retry')} onAction={() => void list.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState
          title={q ? t('list.emptySearch', { q }) : t('list.empty')}
          message={canWrite ? t('list.emptyMessage') : undefined}
          action={
            status || q ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  update({ status: undefined, q: undefined });
                }}
              >
                {t('list.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack gap="sm" aria-busy={list.isFetching || undefined}>
          <Text tone="muted">{t('list.count', { count: list.data?.total ?? events.length })}</Text>
          <EventList>
            {events.map((event: ConsoleEvent) => (
              <EventRow key={event.id} event={event} currency={currency} language={i18n.language} canWrite={canWrite} onAction={(action) => setPending({ event, action })} />
            ))}
          </EventList>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
            label={t('list.pages')}
            previousLabel={t('list.previous')}
            nextLabel={t('list.next')}
            pageLabel={(number) => t('list.page', { page: number })}
          />
        </Stack>
      )}

      <ConfirmAction
        pending={pending}
        onDone={(result) => {
          setPending(null);
          if (result) setOutcome(result);
        }}
      />
    </ConsolePage>
  );
}
