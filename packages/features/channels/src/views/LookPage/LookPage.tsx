import { CHANNEL_LOGO_MAX_BYTES, CHANNEL_LOGO_TYPES, ColorSettings } from '@grandstand/contract';
import type { ChannelLook, UpdateChannelLookBody } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonRow, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useGetChannelLookQuery, useUpdateChannelLookMutation, useUploadChannelLogoMutation } from '../../channelsApi.ts';
import { errorField, useChannelsErrorText } from '../../errors.ts';
import { useChannelsOperator } from '../../operator.tsx';
import { ColorGrid, ColorRow, Columns, Fieldset, Swatch } from './LookPage.styles.ts';
import { LookPreview } from './LookPreview.tsx';

type ColorKey = keyof ColorSettings;
const COLOR_KEYS = Object.keys(ColorSettings.shape) as ColorKey[];
const HEX = /^#[0-9a-fA-F]{6}$/;
const DESCRIPTION_MAX = 300;
const NAME_MAX = 80;

interface Values {
  name: string;
  description: string;
  colors: ColorSettings;
  fallback_colors: ColorSettings;
}

type Group = 'colors' | 'fallback_colors';

function valuesOf(look: ChannelLook): Values {
  return { name: look.name, description: look.description ?? '', colors: { ...look.colors }, fallback_colors: { ...look.fallback_colors } };
}

/** Each colour as typed when it is `#rrggbb`, the saved one while it is not (the preview never shows a half-typed colour). */
function usable(typed: ColorSettings, saved: ColorSettings): ColorSettings {
  return Object.fromEntries(COLOR_KEYS.map((key) => [key, HEX.test(typed[key]) ? typed[key].toLowerCase() : saved[key]])) as ColorSettings;
}

/** The problems the page finds before sending, by field name as the server names them (`colors.primary-color`). */
function check(values: Values, words: { required: string; color: string; tooLong: (max: number) => string }): Record<string, string> {
  const found: Record<string, string> = {};
  if (values.name.trim() === '') found.name = words.required;
  else if (values.name.trim().length > NAME_MAX) found.name = words.tooLong(NAME_MAX);
  if (values.description.trim().length > DESCRIPTION_MAX) found.description = words.tooLong(DESCRIPTION_MAX);
  for (const group of ['colors', 'fallback_colors'] as const) {
    for (const key of COLOR_KEYS) if (!HEX.test(values[group][key])) found[`${group}.${key}`] = words.color;
  }
  return found;
}

interface ColorFieldProps {
  group: Group;
  colorKey: ColorKey;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * One colour: the browser's colour picker and the same colour as text (`#rrggbb`), which a keyboard
 * or a pasted brand colour fills; the picker follows the text once it is a colour.
 */
function ColorField({ group, colorKey, label, value, error, onChange }: ColorFieldProps) {
  const { t } = useTranslation('channels');
  const pickerId = useId();
  return (
    <ColorRow>
      <Swatch>
        <input id={pickerId} type="color" aria-label={t('look.picker', { name: label })} value={HEX.test(value) ? value.toLowerCase() : '#000000'} onChange={(event) => onChange(event.target.value)} />
      </Swatch>
      <TextField
        label={label}
        name={`${group}.${colorKey}`}
        autoComplete="off"
        spellCheck={false}
        maxLength={7}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </ColorRow>
  );
}

function LogoForm({ look }: { look: ChannelLook }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [uploadLogo, { isLoading: sending }] = useUploadChannelLogoMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState('');

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const file = fileRef.current?.files?.[0];
    // The server's own limits (contract CHANNEL_LOGO_TYPES and CHANNEL_LOGO_MAX_BYTES), said before the upload.
    if (!file) return setProblem(t('look.logoChoose'));
    if (!(CHANNEL_LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(t('look.logoType'));
    if (file.size > CHANNEL_LOGO_MAX_BYTES) return setProblem(t('look.logoTooLarge'));
    setProblem(undefined);
    const result = await uploadLogo(file);
    if (result.error) {
      setProblem(errorText(result.error));
      fileRef.current?.focus();
      return;
    }
    if (fileRef.current) fileRef.current.value = '';
    setDone(t('look.logoUploaded'));
  };

  return (
    <Stack as="form" aria-labelledby="look-logo" gap="sm" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void upload(event)}>
      <SectionTitle id="look-logo">{t('look.logo')}</SectionTitle>
      <Text tone="muted">{t('look.logoIntro')}</Text>
      {look.logo_url ? <img src={look.logo_url} alt={t('look.logoCurrent')} height={48} style={{ maxWidth: '12rem', objectFit: 'contain', alignSelf: 'start' }} /> : <Text>{t('look.logoNone')}</Text>}
      <TextField ref={fileRef} label={t('look.logoFile')} type="file" accept={CHANNEL_LOGO_TYPES.join(',')} error={problem} onChange={() => setProblem(undefined)} />
      <FormMessage tone="success">{done}</FormMessage>
      <ButtonRow>
        <Button type="submit" variant="secondary" loading={sending}>
          {t('look.logoUpload')}
        </Button>
      </ButtonRow>
    </Stack>
  );
}

function LookForm({ look }: { look: ChannelLook }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [update, { isLoading }] = useUpdateChannelLookMutation();
  const [values, setValues] = useState<Values>(() => valuesOf(look));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const preview = usable(values.colors, look.colors);

  const focus = (field: string) => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)?.focus();

  const setColor = (group: Group, key: ColorKey, value: string) => {
    setValues((current) => ({ ...current, [group]: { ...current[group], [key]: value } }));
    setProblems((current) => ({ ...current, [`${group}.${key}`]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = check(values, { required: t('errors.required'), color: t('errors.color'), tooLong: (max) => t('errors.tooLong', { max }) });
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setOutcome({ tone: 'error', text: t('look.fixErrors') });
      focus(first);
      return;
    }
    const body: UpdateChannelLookBody = {
      name: values.name.trim(),
      description: values.description.trim() === '' ? null : values.description.trim(),
      colors: usable(values.colors, look.colors),
      fallback_colors: usable(values.fallback_colors, look.fallback_colors),
    };
    const result = await update(body);
    if (result.error) {
      const field = errorField(result.error);
      const text = errorText(result.error);
      if (field && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`)) {
        setProblems({ [field]: text });
        focus(field);
        setOutcome({ tone: 'error', text: t('look.fixErrors') });
      } else setOutcome({ tone: 'error', text });
      return;
    }
    setOutcome({ tone: 'success', text: t('look.saved') });
  };

  const colorFields = (group: Group) =>
    COLOR_KEYS.map((key) => {
      const name = t(`look.keys.${key}`);
      return (
        <ColorField
          key={key}
          group={group}
          colorKey={key}
          label={group === 'colors' ? name : t('look.fallbackKey', { name })}
          value={values[group][key]}
          error={problems[`${group}.${key}`] || undefined}
          onChange={(value) => setColor(group, key, value)}
        />
      );
    });

  return (
    <Columns>
      <Stack as="form" ref={formRef} gap="lg" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
        <Fieldset>
          <legend>{t('look.identity')}</legend>
          <TextField
            label={t('look.name')}
            name="name"
            required
            autoComplete="off"
            value={values.name}
            error={problems.name || undefined}
            onChange={(event) => {
              setValues((current) => ({ ...current, name: event.target.value }));
              setProblems((current) => ({ ...current, name: '' }));
            }}
          />
          <TextArea
            label={t('look.description')}
            name="description"
            rows={3}
            hint={t('look.descriptionHint')}
            value={values.description}
            error={problems.description || undefined}
            onChange={(event) => {
              setValues((current) => ({ ...current, description: event.target.value }));
              setProblems((current) => ({ ...current, description: '' }));
            }}
          />
        </Fieldset>
        <Fieldset>
          <legend>{t('look.colors')}</legend>
          <Text tone="muted">{t('look.colorsIntro')}</Text>
          <ColorGrid>{colorFields('colors')}</ColorGrid>
        </Fieldset>
        <Fieldset>
          <legend>{t('look.fallback')}</legend>
          <Text tone="muted">{t('look.fallbackIntro')}</Text>
          <ButtonRow>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                setValues((current) => ({ ...current, fallback_colors: { ...current.colors } }));
                setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('fallback_colors.'))));
              }}
            >
              {t('look.copyColors')}
            </Button>
          </ButtonRow>
          <ColorGrid>{colorFields('fallback_colors')}</ColorGrid>
        </Fieldset>
        <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
        <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
        <ButtonRow>
          <Button type="submit" size="lg" loading={isLoading}>
            {t('look.save')}
          </Button>
        </ButtonRow>
      </Stack>
      <Stack as="section" aria-labelledby="look-preview-title" gap="sm" data-preview>
        <SectionTitle id="look-preview-title">{t('look.preview.title')}</SectionTitle>
        <LookPreview name={values.name.trim() || look.name} logoUrl={look.logo_url} colors={preview} />
      </Stack>
    </Columns>
  );
}

/**
 * `/console/look` (the channel's owners): its name, description, the eight colours of its theme and
 * those of the first frame, each with a picker and as text, with a live preview of the viewer's page
 * in the edited theme; the logo. Saved, a viewer's next page shows it (no build, no restart).
 */
export function LookPage() {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const { channel } = useChannelsOperator();
  const look = useGetChannelLookQuery();
  let body;
  if (look.isLoading) body = <Loader label={t('loading')} />;
  else if (look.isError || !look.data) body = <ErrorPanel title={t('look.errorTitle')} message={errorText(look.error)} actionLabel={t('retry')} onAction={() => void look.refetch()} />;
  else {
    body = (
      <>
        <LookForm look={look.data} />
        <LogoForm look={look.data} />
      </>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('look.title')}</PageTitle>
      <Text tone="muted">{t('look.intro', { channel: channel.name })}</Text>
      {body}
    </Stack>
  );
}
