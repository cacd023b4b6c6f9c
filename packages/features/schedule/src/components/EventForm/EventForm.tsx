import type { AccessType, ConsoleEventOptions, CreateConsoleEventBody } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, FormMessage, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorField, useScheduleErrorText } from '../../errors.ts';
import { bodyOf, checkValues, PAID_ACCESS } from './eventFormValues.ts';
import type { EventFormField, EventFormProblem, EventFormValues } from './eventFormValues.ts';
import { FieldError, Fieldset, Legend, Pair, RadioRow } from './EventForm.styles.ts';

export interface EventFormProps {
  options: ConsoleEventOptions;
  initial: EventFormValues;
  submitLabel: string;
  /** Sends the body; resolves with the call's error, or undefined when it went through. */
  onSubmit: (body: CreateConsoleEventBody) => Promise<unknown>;
}

const ACCESS_TYPES: readonly AccessType[] = ['free', 'register', 'paid', 'ppv'];
const FIELDS: readonly EventFormField[] = ['awayTeamId', 'homeTeamId', 'name', 'schoolId', 'sportId', 'venueId', 'startsAt', 'timeZone', 'accessType', 'price', 'serviceFee'];
const isField = (field: string | undefined): field is EventFormField => FIELDS.includes(field as EventFormField);

type Problems = Partial<Record<EventFormField, { problem: EventFormProblem } | { text: string }>>;

/**
 * An event's fields: two teams or a name, school, sport, venue, the start on the event's own clock
 * and its IANA zone, who can watch (and the price and fee of a paid event), prerolls and whether
 * viewers see it. Every control is labelled and reached by Tab; a problem shows on its field (the
 * form's own checks first, then the server's `field`), and the first one takes the focus.
 */
export function EventForm({ options, initial, submitLabel, onSubmit }: EventFormProps) {
  const { t } = useTranslation('schedule');
  const errorText = useScheduleErrorText();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const paid = PAID_ACCESS.includes(values.accessType);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field the operator changes drops its problem; the name's depends on the teams too.
    setProblems((current) => {
      const next = { ...current };
      delete next[key as EventFormField];
      if (key === 'homeTeamId' || key === 'awayTeamId') delete next.name;
      return next;
    });
  };
  const onText = (key: EventFormField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(key, event.target.value as never);

  const message = (field: EventFormField): string | undefined => {
    const found = problems[field];
    if (!found) return undefined;
    return 'text' in found ? found.text : t(`form.errors.${found.problem}`);
  };

  const focusFirst = (fields: EventFormField[]) => {
    const first = FIELDS.find((field) => fields.includes(field));
    // After React shows the messages, so the field is announced with its description.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const found = checkValues(values);
    const fields = Object.keys(found) as EventFormField[];
    if (fields.length > 0) {
      setProblems(Object.fromEntries(fields.map((field) => [field, { problem: found[field] }])));
      setFormError(t('form.fixFields'));
      focusFirst(fields);
      return;
    }
    setBusy(true);
    const error = await onSubmit(bodyOf(values));
    setBusy(false);
    if (!error) return;
    const field = errorField(error);
    if (isField(field)) {
      setProblems({ [field]: { text: errorText(error) } });
      setFormError(t('form.fixFields'));
      focusFirst([field]);
    } else setFormError(errorText(error));
  };

  const optionList = (items: readonly { id: number; name: string }[]) => items.map((item) => ({ value: String(item.id), label: item.name }));
  const teams = optionList(options.teams);

  return (
    <Stack as="form" gap="lg" ref={formRef} noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      <Fieldset>
        <Legend>{t('form.teams')}</Legend>
        <Text tone="muted">{t('form.teamsHint')}</Text>
        <Pair>
          <Select name="awayTeamId" label={t('form.awayTeam')} options={teams} placeholder={t('form.noTeam')} value={values.awayTeamId} onChange={onText('awayTeamId')} error={message('awayTeamId')} />
          <Select name="homeTeamId" label={t('form.homeTeam')} options={teams} placeholder={t('form.noTeam')} value={values.homeTeamId} onChange={onText('homeTeamId')} error={message('homeTeamId')} />
        </Pair>
        <TextField name="name" label={t('form.name')} hint={t('form.nameHint')} value={values.name} maxLength={200} onChange={onText('name')} error={message('name')} />
      </Fieldset>

      <Pair>
        <Select name="sportId" required label={t('form.sport')} options={optionList(options.sports)} placeholder={t('form.chooseSport')} value={values.sportId} onChange={onText('sportId')} error={message('sportId')} />
        <Select name="schoolId" label={t('form.school')} options={optionList(options.schools)} placeholder={t('form.noSchool')} value={values.schoolId} onChange={onText('schoolId')} error={message('schoolId')} />
        <Select name="venueId" label={t('form.venue')} options={optionList(options.venues)} placeholder={t('form.noVenue')} value={values.venueId} onChange={onText('venueId')} error={message('venueId')} />
      </Pair>

      <Fieldset>
        <Legend>{t('form.when')}</Legend>
        <WhenFields values={values} timeZones={options.timeZones} onChange={(key, value) => set(key, value)} message={message} />
      </Fieldset>

      <Fieldset>
        <Legend>{t('form.access')}</Legend>
        <div role="radiogroup" aria-label={t('form.accessType')}>
          {ACCESS_TYPES.map((type) => (
            <RadioRow key={type}>
              <input type="radio" name="accessType" value={type} checked={values.accessType === type} onChange={() => set('accessType', type)} />
              {t(`form.accessTypes.${type}`)}
            </RadioRow>
          ))}
        </div>
        {message('accessType') && <FieldError>{message('accessType')}</FieldError>}
        {paid && (
          <Pair>
            <TextField name="price" required inputMode="decimal" label={`${t('form.price')} (${options.currency})`} hint={t('form.priceHint')} value={values.price} onChange={onText('price')} error={message('price')} />
            <TextField name="serviceFee" required inputMode="decimal" label={`${t('form.serviceFee')} (${options.currency})`} value={values.serviceFee} onChange={onText('serviceFee')} error={message('serviceFee')} />
          </Pair>
        )}
        <Checkbox name="prerolls" label={t('form.prerolls')} checked={values.prerolls} onChange={(event) => set('prerolls', event.target.checked)} />
      </Fieldset>

      <Checkbox name="published" label={t('form.published')} checked={values.published} onChange={(event) => set('published', event.target.checked)} />

      <FormMessage tone="error">{formError}</FormMessage>
      <div>
        <Button type="submit" size="lg" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </Stack>
  );
}

export interface WhenFieldsProps {
  values: Pick<EventFormValues, 'startsAt' | 'timeZone'>;
  timeZones: readonly string[];
  onChange: (key: 'startsAt' | 'timeZone', value: string) => void;
  message: (field: 'startsAt' | 'timeZone') => string | undefined;
}

/** The start on the event's own clock and the IANA zone it is read in: the event form's and the reschedule's. */
export function WhenFields({ values, timeZones, onChange, message }: WhenFieldsProps) {
  const { t } = useTranslation('schedule');
  // A zone the event already has stays choosable even if the list no longer offers it.
  const zones = timeZones.includes(values.timeZone) || values.timeZone === '' ? timeZones : [values.timeZone, ...timeZones];
  return (
    <Pair>
      <TextField
        name="startsAt"
        type="datetime-local"
        required
        label={t('form.startsAt')}
        value={values.startsAt}
        onChange={(event) => onChange('startsAt', event.target.value)}
        error={message('startsAt')}
      />
      <Select
        name="timeZone"
        required
        label={t('form.timeZone')}
        options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
        value={values.timeZone}
        onChange={(event) => onChange('timeZone', event.target.value)}
        error={message('timeZone')}
      />
    </Pair>
  );
}
