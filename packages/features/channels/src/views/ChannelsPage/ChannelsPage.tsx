import { CreatePlatformChannelBody, Language } from '@grandstand/contract';
import type { PlatformChannel } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, Button, ButtonRow, EmptyState, ErrorPanel, FormMessage, Item, ItemList, ItemText, Loader, PageTitle, Popup, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useCreatePlatformChannelMutation, useGetPlatformChannelsQuery, useUpdatePlatformChannelMutation } from '../../channelsApi.ts';
import { errorField, useChannelsErrorText } from '../../errors.ts';
import { FieldRow } from '../../layout.ts';
import { useChannelsOperator } from '../../operator.tsx';

interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

type Field = keyof CreatePlatformChannelBody;
const FIELDS: readonly Field[] = ['name', 'slug', 'language', 'currency', 'owner_email'];
/** The words for a field the contract's own check refused (the server checks the same schema). */
const FIELD_PROBLEM: Record<Field, 'errors.required' | 'errors.slug' | 'errors.currency' | 'errors.email'> = {
  name: 'errors.required',
  slug: 'errors.slug',
  language: 'errors.required',
  currency: 'errors.currency',
  owner_email: 'errors.email',
};

function isField(value: string | undefined): value is Field {
  return value !== undefined && (FIELDS as readonly string[]).includes(value);
}

function ChannelRows({ channels, onOutcome }: { channels: PlatformChannel[]; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [update] = useUpdatePlatformChannelMutation();
  const [asked, setAsked] = useState<PlatformChannel | null>(null);

  const confirm = (channel: PlatformChannel) => {
    setAsked(null);
    const status = channel.status === 'active' ? 'suspended' : 'active';
    update({ id: channel.id, body: { status } })
      .unwrap()
      .then(() => onOutcome({ tone: 'success', text: t(status === 'suspended' ? 'platform.suspendedDone' : 'platform.restoredDone', { name: channel.name }) }))
      .catch((error: unknown) => onOutcome({ tone: 'error', text: errorText(error) }));
  };

  return (
    <>
      <ItemList aria-label={t('platform.table')}>
        {channels.map((channel) => (
          <Item key={channel.id} aria-labelledby={`platform-channel-${channel.id}`}>
            <ItemText basis="14rem">
              <strong id={`platform-channel-${channel.id}`}>{channel.name}</strong>
              <Text as="span" size="sm" tone="muted">
                {[channel.is_default ? `${channel.slug} (${t('platform.default')})` : channel.slug, ...channel.domains, t(`platform.languages.${channel.language}`), channel.currency].join(' · ')}
              </Text>
            </ItemText>
            <Badge tone={channel.status === 'active' ? 'neutral' : 'live'}>{t(`platform.${channel.status}`)}</Badge>
            {/* The default channel answers at the bare host and holds the platform's own console: it is never suspended. */}
            {!channel.is_default && (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                aria-label={t(channel.status === 'active' ? 'platform.suspendLabel' : 'platform.restoreLabel', { name: channel.name })}
                onClick={() => setAsked(channel)}
              >
                {t(channel.status === 'active' ? 'platform.suspend' : 'platform.restore')}
              </Button>
            )}
          </Item>
        ))}
      </ItemList>
      <Popup
        open={asked !== null}
        title={asked ? t(asked.status === 'active' ? 'platform.confirmSuspend' : 'platform.confirmRestore', { name: asked.name }) : ''}
        message={asked ? t(asked.status === 'active' ? 'platform.confirmSuspendMessage' : 'platform.confirmRestoreMessage') : undefined}
        okLabel={asked ? t(asked.status === 'active' ? 'platform.suspend' : 'platform.restore') : ''}
        cancelLabel={t('cancel')}
        onOk={() => asked && confirm(asked)}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}

function ChannelList({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const channels = useGetPlatformChannelsQuery();
  if (channels.isLoading) return <Loader label={t('loading')} />;
  if (channels.isError || !channels.data) {
    return <ErrorPanel title={t('platform.errorTitle')} message={errorText(channels.error)} actionLabel={t('retry')} onAction={() => void channels.refetch()} />;
  }
  if (channels.data.length === 0) return <EmptyState title={t('platform.empty')} headingLevel={2} />;
  return <ChannelRows channels={channels.data} onOutcome={onOutcome} />;
}

const EMPTY: CreatePlatformChannelBody = { name: '', slug: '', language: 'en', currency: '', owner_email: '' };

function CreateChannel({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [create, { isLoading }] = useCreatePlatformChannelMutation();
  const [values, setValues] = useState<CreatePlatformChannelBody>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const languageOptions = Language.options.map((language) => ({ value: language, label: t(`platform.languages.${language}`) }));

  const focusField = (field: Field) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The contract's schema is the server's: what it refuses here the server would refuse too.
    const checked = CreatePlatformChannelBody.safeParse({ ...values, currency: values.currency.trim().toUpperCase() });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        if (isField(field) && !found[field]) found[field] = t(values[field].trim() === '' ? 'errors.required' : FIELD_PROBLEM[field]);
      }
      setProblems(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }
    setProblems({});
    try {
      const channel = await create(checked.data).unwrap();
      setValues(EMPTY);
      onOutcome({ tone: 'success', text: t('platform.create.created', { name: channel.name }) });
    } catch (error) {
      const field = errorField(error);
      if (isField(field)) {
        setProblems({ [field]: errorText(error) });
        focusField(field);
      } else onOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Stack as="section" aria-labelledby="channels-create" gap="sm">
      <SectionTitle id="channels-create">{t('platform.create.title')}</SectionTitle>
      <Text tone="muted">{t('platform.create.intro')}</Text>
      <FieldRow ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label={t('platform.create.name')} name="name" required autoComplete="off" value={values.name} onChange={set('name')} error={problems.name} />
        <TextField
          label={t('platform.create.slug')}
          name="slug"
          required
          autoComplete="off"
          spellCheck={false}
          hint={t('platform.create.slugHint')}
          value={values.slug}
          onChange={set('slug')}
          error={problems.slug}
        />
        <Select
          label={t('platform.create.language')}
          name="language"
          options={languageOptions}
          value={values.language}
          onChange={(event) => setValues((current) => ({ ...current, language: event.target.value as Language }))}
          error={problems.language}
        />
        <TextField
          label={t('platform.create.currency')}
          name="currency"
          required
          autoComplete="off"
          maxLength={3}
          hint={t('platform.create.currencyHint')}
          value={values.currency}
          onChange={set('currency')}
          error={problems.currency}
        />
        <TextField label={t('platform.create.ownerEmail')} name="owner_email" type="email" required autoComplete="off" value={values.owner_email} onChange={set('owner_email')} error={problems.owner_email} />
        <ButtonRow>
          <Button type="submit" loading={isLoading}>
            {t('platform.create.submit')}
          </Button>
        </ButtonRow>
      </FieldRow>
    </Stack>
  );
}

/**
 * `/console/channels` (the platform owner, at the default host): every channel with its address,
 * language and state; suspend and restore, each confirmed; a new channel with its owner's invitation.
 */
export function ChannelsPage() {
  const { t } = useTranslation('channels');
  const operator = useChannelsOperator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!operator.platformOwner) return <EmptyState title={t('platform.notPlatformOwner')} />;
  return (
    <Stack gap="lg">
      <PageTitle>{t('platform.title')}</PageTitle>
      <Text tone="muted">{t('platform.intro')}</Text>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <ChannelList onOutcome={setOutcome} />
      <CreateChannel onOutcome={setOutcome} />
    </Stack>
  );
}
