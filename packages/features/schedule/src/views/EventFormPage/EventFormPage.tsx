import type { ConsoleEvent, ConsoleEventOptions, CreateConsoleEventBody } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { ErrorPanel, Link, Loader, PageTitle, Text } from '@grandstand/ui';
import { useNavigate, useParams } from 'react-router';
import { ConsolePage } from '../../components/ConsolePage.ts';
import { EventForm } from '../../components/EventForm/EventForm.tsx';
import { emptyValues, valuesOf } from '../../components/EventForm/eventFormValues.ts';
import { schedulePaths } from '../../paths.ts';
import { useCreateScheduleEventMutation, useGetScheduleEventQuery, useGetScheduleOptionsQuery, useUpdateScheduleEventMutation } from '../../scheduleApi.ts';
import { useCanWriteEvents } from '../../useCanWriteEvents.ts';
import type { ListNotice } from '../EventsPage/EventsPage.tsx';

export function BackLink() {
  const { t } = useTranslation('schedule');
  return (
    <Text>
      <Link href={schedulePaths.list}>
        <span aria-hidden="true">‹ </span>
        {t('form.back')}
      </Link>
    </Text>
  );
}

/** What a support operator finds on a write page (a link shared with them): the server would refuse the change anyway. */
export function ReadOnlyNotice() {
  const { t } = useTranslation('schedule');
  return <Text>{t('form.readOnly')}</Text>;
}

/** `/events/new`: a new event; once created, back to the list, which says so. */
export function NewEventPage() {
  const { t } = useTranslation('schedule');
  const options = useGetScheduleOptionsQuery();
  const [create] = useCreateScheduleEventMutation();
  const canWrite = useCanWriteEvents();
  const navigate = useNavigate();

  const onSubmit = async (body: CreateConsoleEventBody) => {
    const result = await create(body);
    if (result.error) return result.error;
    const notice: ListNotice = { text: t('form.created', { name: result.data.name }) };
    void navigate(schedulePaths.list, { state: notice });
    return undefined;
  };

  return (
    <ConsolePage width="medium" gap="lg">
      <BackLink />
      <PageTitle>{t('form.newTitle')}</PageTitle>
      <FormState options={options}>
        {(data) =>
          !canWrite ? <ReadOnlyNotice /> : <EventForm options={data} initial={emptyValues(data.defaultTimeZone)} submitLabel={t('form.create')} onSubmit={onSubmit} />}
      </FormState>
    </ConsolePage>
  );
}

/** `/events/:id`: change an event (every field; moving its start is a reschedule). */
export function EditEventPage() {
  const { t } = useTranslation('schedule');
  const id = Number(useParams().id);
  const options = useGetScheduleOptionsQuery();
  const event = useGetScheduleEventQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [update] = useUpdateScheduleEventMutation();
  const canWrite = useCanWriteEvents();
  const navigate = useNavigate();

  const onSubmit = async (body: CreateConsoleEventBody) => {
    const result = await update({ id, body });
    if (result.error) return result.error;
    const notice: ListNotice = { text: t('form.saved') };
    void navigate(schedulePaths.list, { state: notice });
    return undefined;
  };

  return (
    <ConsolePage width="medium" gap="lg">
      <BackLink />
      <PageTitle>{event.data ? event.data.name : t('form.editTitle')}</PageTitle>
      {canWrite && event.data && !event.data.cancelled && (
        <Text>
          <Link href={schedulePaths.live(id)}>{t('form.liveLink')}</Link>
        </Text>
      )}
      <FormState options={options} event={event}>
        {(data, loaded) => loaded && (!canWrite ? <ReadOnlyNotice /> : <EventForm key={loaded.id} options={data} initial={valuesOf(loaded)} submitLabel={t('form.save')} onSubmit={onSubmit} />)}
      </FormState>
    </ConsolePage>
  );
}

interface QueryState<T> {
  data?: T | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The form's data (its choices, the event) loading, failed with a retry, or there. */
export function FormState({
  options,
  event,
  children,
}: {
  options: QueryState<ConsoleEventOptions>;
  event?: QueryState<ConsoleEvent>;
  children: (options: ConsoleEventOptions, event: ConsoleEvent | undefined) => React.ReactNode;
}) {
  const { t } = useTranslation('schedule');
  const failed = [options, event].find((query) => query?.isError);
  if (failed) {
    return <ErrorPanel title={t('form.loadError')} message={t('list.errorMessage')} actionLabel={t('list.retry')} onAction={() => void failed.refetch()} />;
  }
  if (!options.data || (event && !event.data)) return <Loader label={t('form.loading')} />;
  return <>{children(options.data, event?.data)}</>;
}
