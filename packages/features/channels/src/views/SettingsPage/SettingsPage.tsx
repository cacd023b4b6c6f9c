import { CHANNEL_SETTINGS_BOUNDS, type ChannelSettingsBound, type ConsoleChannelSettingsResponse, isRemoteAuthUrl, type UpdateConsoleChannelSettingsBody } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonRow, Checkbox, ErrorPanel, FormMessage, Loader, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useGetChannelSettingsQuery, useUpdateChannelSettingsMutation } from '../../channelsApi.ts';
import { errorField, useChannelsErrorText } from '../../errors.ts';
import { useChannelsOperator } from '../../operator.tsx';
// The look's grid of colour fields suits any short fields: side by side where they fit, one a line on a phone.
import { ColorGrid as FieldGrid, Fieldset } from '../LookPage/LookPage.styles.ts';

/** The numbers an owner may leave empty (the server's default), by their field's name: the body's path. */
const OPTIONAL_NUMBERS = {
  'clips.max_clips': 'max_clips',
  'clips.seconds_per_day': 'seconds_per_day',
  'clips.downloads_per_day': 'downloads_per_day',
  'clips.storage_quota_mb': 'storage_quota_mb',
  'stream.token_lifetime_seconds': 'token_lifetime_seconds',
} as const satisfies Record<string, ChannelSettingsBound>;
type OptionalNumber = keyof typeof OPTIONAL_NUMBERS;

interface Draft {
  numbers: Record<OptionalNumber | 'clips.shares_per_event', string>;
  publicPaidShares: boolean;
  ladder: boolean;
  devicesEnabled: boolean;
  remoteAuth: boolean;
  remoteAuthUrl: string;
  /** The blocked countries as typed: codes separated by commas. */
  blockedCountries: string;
}

/** The codes typed in the regions field, in capitals, or null when one is not a two-letter code. */
export function countryCodesOf(typed: string): string[] | null {
  const codes = typed
    .split(/[\s,;]+/)
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return codes.every((code) => /^[A-Za-z]{2}$/.test(code)) ? [...new Set(codes.map((code) => code.toUpperCase()))] : null;
}

/** The countries' names in the page's language, where the browser knows them. */
function countryNames(codes: readonly string[], language: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return codes.map((code) => names?.of(code) ?? code).join(', ');
}

const text = (value: number | null) => (value === null ? '' : String(value));

function draftOf({ settings }: ConsoleChannelSettingsResponse): Draft {
  return {
    numbers: {
      'clips.max_clips': text(settings.clips.max_clips),
      'clips.seconds_per_day': text(settings.clips.seconds_per_day),
      'clips.downloads_per_day': text(settings.clips.downloads_per_day),
      'clips.storage_quota_mb': text(settings.clips.storage_quota_mb),
      'clips.shares_per_event': String(settings.clips.shares_per_event),
      'stream.token_lifetime_seconds': text(settings.stream.token_lifetime_seconds),
    },
    publicPaidShares: settings.clips.public_paid_shares,
    ladder: settings.live.ladder,
    devicesEnabled: settings.devices.enabled,
    remoteAuth: settings.devices.remote_auth,
    remoteAuthUrl: settings.devices.remote_auth_url ?? '',
    blockedCountries: settings.geo.blocked_countries.join(', '),
  };
}

function SettingsForm({ answer }: { answer: ConsoleChannelSettingsResponse }) {
  const { t, i18n } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [update, { isLoading }] = useUpdateChannelSettingsMutation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { defaults, clips_enabled: clipsEnabled } = answer;

  const focus = (name: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());
  const change = (next: Partial<Draft>, field: string) => {
    setDraft((current) => ({ ...current, ...next }));
    setProblems((current) => ({ ...current, [field]: '' }));
  };

  /** A whole number within the setting's bounds, null when left empty (where that means the default), or the problem. */
  const numberOf = (name: keyof Draft['numbers'], bound: ChannelSettingsBound, optional: boolean, found: Record<string, string>): number | null => {
    const raw = draft.numbers[name].trim();
    if (raw === '') {
      if (!optional) found[name] = t('errors.required');
      return null;
    }
    const { min, max } = CHANNEL_SETTINGS_BOUNDS[bound];
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) found[name] = t('settings.range', { min, max });
    return value;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Record<string, string> = {};
    const number = (name: OptionalNumber) => numberOf(name, OPTIONAL_NUMBERS[name], true, found);
    const body: UpdateConsoleChannelSettingsBody = {
      stream: { token_lifetime_seconds: number('stream.token_lifetime_seconds') },
      live: { ladder: draft.ladder },
      devices: { enabled: draft.devicesEnabled, remote_auth: draft.remoteAuth, remote_auth_url: draft.remoteAuthUrl.trim() === '' ? null : draft.remoteAuthUrl.trim() },
    };
    // A channel without clips keeps no clip settings (the server refuses them): they are not sent.
    if (clipsEnabled) {
      body.clips = {
        max_clips: number('clips.max_clips'),
        seconds_per_day: number('clips.seconds_per_day'),
        downloads_per_day: number('clips.downloads_per_day'),
        storage_quota_mb: number('clips.storage_quota_mb'),
        public_paid_shares: draft.publicPaidShares,
        shares_per_event: numberOf('clips.shares_per_event', 'shares_per_event', false, found) ?? 0,
      };
    }
    // spec §3 Geo: the regions where nothing of the channel plays.
    const countries = countryCodesOf(draft.blockedCountries);
    if (countries === null) found['geo.blocked_countries'] = t('settings.geo.invalid');
    else body.geo = { blocked_countries: countries };
    const url = body.devices!.remote_auth_url;
    if (url && !isRemoteAuthUrl(url)) found['devices.remote_auth_url'] = t('settings.devices.urlInvalid');
    else if (draft.remoteAuth && !url) found['devices.remote_auth_url'] = t('settings.devices.urlRequired');
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setOutcome({ tone: 'error', text: t('settings.fixErrors') });
      focus(first);
      return;
    }
    const result = await update(body);
    if (result.error) {
      const field = errorField(result.error);
      if (field && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`)) {
        setProblems({ [field]: errorText(result.error) });
        setOutcome({ tone: 'error', text: t('settings.fixErrors') });
        focus(field);
      } else setOutcome({ tone: 'error', text: errorText(result.error) });
      return;
    }
    setDraft(draftOf(result.data));
    setOutcome({ tone: 'success', text: t('settings.saved') });
  };

  const numberField = (name: keyof Draft['numbers'], label: string, hint: string, disabled = false) => (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      hint={hint}
      disabled={disabled}
      value={draft.numbers[name]}
      error={problems[name] || undefined}
      onChange={(event) => change({ numbers: { ...draft.numbers, [name]: event.target.value } }, name)}
    />
  );
  const byDefault = (value: number) => t('settings.byDefault', { value });

  return (
    <Stack as="form" ref={formRef} gap="md" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      <Fieldset disabled={!clipsEnabled}>
        <legend>{t('settings.clips.title')}</legend>
        <Text tone="muted">{clipsEnabled ? t('settings.clips.intro') : t('settings.clips.off')}</Text>
        <FieldGrid>
          {numberField('clips.max_clips', t('settings.clips.maxClips'), byDefault(defaults.clips.max_clips))}
          {numberField('clips.seconds_per_day', t('settings.clips.secondsPerDay'), byDefault(defaults.clips.seconds_per_day))}
          {numberField('clips.downloads_per_day', t('settings.clips.downloadsPerDay'), byDefault(defaults.clips.downloads_per_day))}
          {numberField('clips.storage_quota_mb', t('settings.clips.storageQuota'), byDefault(defaults.clips.storage_quota_mb))}
          {numberField('clips.shares_per_event', t('settings.clips.sharesPerEvent'), t('settings.clips.sharesPerEventHint'))}
        </FieldGrid>
        <Checkbox
          label={t('settings.clips.publicPaidShares')}
          hint={t('settings.clips.publicPaidSharesHint')}
          name="clips.public_paid_shares"
          checked={draft.publicPaidShares}
          onChange={(event) => change({ publicPaidShares: event.target.checked }, 'clips.public_paid_shares')}
        />
      </Fieldset>
      <Fieldset>
        <legend>{t('settings.stream.title')}</legend>
        <Text tone="muted">{t('settings.stream.lifetimeHint')}</Text>
        <FieldGrid>{numberField('stream.token_lifetime_seconds', t('settings.stream.lifetime'), byDefault(defaults.stream.token_lifetime_seconds))}</FieldGrid>
      </Fieldset>
      <Fieldset>
        <legend>{t('settings.live.title')}</legend>
        <Checkbox label={t('settings.live.ladder')} hint={t('settings.live.ladderHint')} name="live.ladder" checked={draft.ladder} onChange={(event) => change({ ladder: event.target.checked }, 'live.ladder')} />
      </Fieldset>
      <Fieldset>
        <legend>{t('settings.geo.title')}</legend>
        <Text tone="muted">{t('settings.geo.intro')}</Text>
        <TextField
          label={t('settings.geo.countries')}
          name="geo.blocked_countries"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('settings.geo.countriesHint')}
          value={draft.blockedCountries}
          error={problems['geo.blocked_countries'] || undefined}
          onChange={(event) => change({ blockedCountries: event.target.value }, 'geo.blocked_countries')}
        />
        {answer.settings.geo.blocked_countries.length > 0 && <Text tone="muted">{t('settings.geo.blocked', { countries: countryNames(answer.settings.geo.blocked_countries, i18n.language) })}</Text>}
      </Fieldset>
      <Fieldset>
        <legend>{t('settings.devices.title')}</legend>
        <Checkbox
          label={t('settings.devices.enabled')}
          hint={t('settings.devices.enabledHint')}
          name="devices.enabled"
          checked={draft.devicesEnabled}
          onChange={(event) => change({ devicesEnabled: event.target.checked }, 'devices.enabled')}
        />
        <Checkbox
          label={t('settings.devices.remoteAuth')}
          hint={t('settings.devices.remoteAuthHint')}
          name="devices.remote_auth"
          checked={draft.remoteAuth}
          onChange={(event) => change({ remoteAuth: event.target.checked }, 'devices.remote_auth_url')}
        />
        <TextField
          label={t('settings.devices.url')}
          name="devices.remote_auth_url"
          type="url"
          inputMode="url"
          autoComplete="url"
          required={draft.remoteAuth}
          hint={t('settings.devices.urlHint')}
          value={draft.remoteAuthUrl}
          error={problems['devices.remote_auth_url'] || undefined}
          onChange={(event) => change({ remoteAuthUrl: event.target.value }, 'devices.remote_auth_url')}
        />
      </Fieldset>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <ButtonRow>
        <Button type="submit" size="lg" loading={isLoading}>
          {t('settings.save')}
        </Button>
      </ButtonRow>
    </Stack>
  );
}

/**
 * `/console/settings` (the channel's owners): what earlier took an environment variable or a file
 * edit (clip limits, the clip disk quota and sharing rule, the stream lifetime, the live ladder,
 * the blocked regions, device linking). A number left empty is the server's default, said beside it; a value the check
 * or the server refuses is named and focused. Saved, it applies to the viewers' next request.
 */
export function SettingsPage() {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const { channel } = useChannelsOperator();
  const settings = useGetChannelSettingsQuery();
  let body;
  if (settings.isLoading) body = <Loader label={t('loading')} />;
  else if (settings.isError || !settings.data) body = <ErrorPanel title={t('settings.errorTitle')} message={errorText(settings.error)} actionLabel={t('retry')} onAction={() => void settings.refetch()} />;
  else body = <SettingsForm answer={settings.data} />;
  return (
    <Stack gap="lg">
      <PageTitle>{t('settings.title')}</PageTitle>
      <Text tone="muted">{t('settings.intro', { channel: channel.name })}</Text>
      {body}
    </Stack>
  );
}
