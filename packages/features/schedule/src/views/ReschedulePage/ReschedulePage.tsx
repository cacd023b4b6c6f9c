import type { ConsoleEvent } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, PageTitle, Stack, Text } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConsolePage } from '../../components/ConsolePage.ts';
import { WhenFields } from '../../components/EventForm/EventForm.tsx';
import { formatStart } from '../../display.ts';
import { errorField, useScheduleErrorText } from '../../errors.ts';
import { schedulePaths } from '../../paths.ts';
import { useCanWriteEvents } from '../../useCanWriteEvents.ts';
import { useGetScheduleEventQuery, useGetScheduleOptionsQuery, useUpdateScheduleEventMutation } from '../../scheduleApi.ts';
import { BackLink, FormState, ReadOnlyNotice } from '../EventFormPage/EventFormPage.tsx';
import type { ListNotice } from '../EventsPage/EventsPage.tsx';

type WhenField = 'startsAt' | 'timeZone';

/** `/events/:id/reschedule`: the event's start and zone only; viewers' listings move it at once. */
export function ReschedulePage() {
  const { t } = useTranslation('schedule');
  const id = Number(useParams().id);
  const options = useGetScheduleOptionsQuery();
  const event = useGetScheduleEventQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const canWrite = useCanWriteEvents();
  return (
    <ConsolePage width="narrow" gap="lg">
      <BackLink />
      <PageTitle>{event.data ? `${t('reschedule.title')}: ${event.data.name}` : t('reschedule.title')}</PageTitle>
      <FormState options={options} event={event}>
        {(data, loaded) => loaded && (canWrite ? <RescheduleForm key={loaded.id} event={loaded} timeZones={data.timeZones} /> : <ReadOnlyNotice />)}
      </FormState>
    </ConsolePage>
  );
}

function RescheduleForm({ event, timeZones }: { event: ConsoleEvent; timeZones: readonly string[] }) {
  const { t, i18n } = useTranslation('schedule');
  const errorText = useScheduleErrorText();
  const navigate = useNavigate();
  const [update, { isLoading }] = useUpdateScheduleEventMutation();
  const [values, setValues] = useState({ startsAt: event.localStartsAt, timeZone: event.timeZone });
  const [problem, setProblem] = useState<{ field?: WhenField; text: string } | null>(null);

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    if (values.startsAt === '') {
      setProblem({ field: 'startsAt', text: t('form.errors.required') });
      return;
    }
    const result = await update({ id: event.id, body: values });
    if (result.error) {
      const field = errorField(result.error);
      setProblem({ field: field === 'startsAt' || field === 'timeZone' ? field : undefined, text: errorText(result.error) });
      return;
    }
    const notice: ListNotice = { text: t('reschedule.done', { when: formatStart(result.data.startsAt, result.data.timeZone, i18n.language) }) };
    void navigate(schedulePaths.list, { state: notice });
  };

  return (
    <Stack as="form" gap="lg" noValidate onSubmit={(form: FormEvent) => void submit(form)}>
      <Text>{t('reschedule.current', { when: formatStart(event.startsAt, event.timeZone, i18n.language) })}</Text>
      <WhenFields
        values={values}
        timeZones={timeZones}
        onChange={(key, value) => {
          setValues((current) => ({ ...current, [key]: value }));
          setProblem(null);
        }}
        message={(field) => (problem?.field === field ? problem.text : undefined)}
      />
      <FormMessage tone="error">{problem && !problem.field ? problem.text : ''}</FormMessage>
      <div>
        <Button type="submit" size="lg" loading={isLoading}>
          {t('reschedule.submit')}
        </Button>
      </div>
    </Stack>
  );
}
