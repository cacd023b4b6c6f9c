import { ChannelHostname } from '@grandstand/contract';
import type { ChannelDomain } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonRow, ErrorPanel, FormMessage, Item, ItemList, ItemText, Loader, PageTitle, Popup, SectionTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useAddChannelDomainMutation, useGetChannelDomainsQuery, useRemoveChannelDomainMutation } from '../../channelsApi.ts';
import { errorField, useChannelsErrorText } from '../../errors.ts';
import { FieldRow } from '../../layout.ts';
import { useChannelsOperator } from '../../operator.tsx';

interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

function DomainList({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const domains = useGetChannelDomainsQuery();
  const [remove] = useRemoveChannelDomainMutation();
  const [asked, setAsked] = useState<ChannelDomain | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  if (domains.isLoading) return <Loader label={t('loading')} />;
  if (domains.isError || !domains.data) {
    return <ErrorPanel title={t('domains.errorTitle')} message={errorText(domains.error)} actionLabel={t('retry')} onAction={() => void domains.refetch()} />;
  }
  if (domains.data.length === 0) return <Text tone="muted">{t('domains.empty')}</Text>;

  const confirm = (domain: ChannelDomain) => {
    setAsked(null);
    remove(domain.hostname)
      .unwrap()
      .then(() => onOutcome({ tone: 'success', text: t('domains.removed', { hostname: domain.hostname }) }))
      .catch((error: unknown) => onOutcome({ tone: 'error', text: errorText(error) }));
  };

  return (
    <>
      <ItemList aria-label={t('domains.list')}>
        {domains.data.map((domain) => (
          <Item key={domain.hostname}>
            <ItemText basis="14rem">
              <strong>{domain.hostname}</strong>
              <Text as="span" size="sm" tone="muted">
                {t('domains.added', { date: dates.format(new Date(domain.created_at)) })}
              </Text>
            </ItemText>
            <Button type="button" size="sm" variant="secondary" aria-label={t('domains.removeLabel', { hostname: domain.hostname })} onClick={() => setAsked(domain)}>
              {t('domains.remove')}
            </Button>
          </Item>
        ))}
      </ItemList>
      <Popup
        open={asked !== null}
        title={asked ? t('domains.confirmRemove', { hostname: asked.hostname }) : ''}
        message={t('domains.confirmRemoveMessage')}
        okLabel={t('domains.remove')}
        cancelLabel={t('cancel')}
        onOk={() => asked && confirm(asked)}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}

function AddDomain({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [add, { isLoading }] = useAddChannelDomainMutation();
  const [hostname, setHostname] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The contract's own rule, the server's: a domain name, no scheme, port, path or localhost.
    const checked = ChannelHostname.safeParse(hostname);
    if (!checked.success) {
      setProblem(t(hostname.trim() === '' ? 'errors.required' : 'errors.hostname'));
      inputRef.current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      await add({ hostname: checked.data }).unwrap();
      setHostname('');
      onOutcome({ tone: 'success', text: t('domains.add.added', { hostname: checked.data }) });
    } catch (error) {
      if (errorField(error) === 'hostname' || errorField(error) === undefined) {
        setProblem(errorText(error));
        inputRef.current?.focus();
      } else onOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Stack as="section" aria-labelledby="domains-add" gap="sm">
      <SectionTitle id="domains-add">{t('domains.add.title')}</SectionTitle>
      <FieldRow noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          ref={inputRef}
          label={t('domains.add.hostname')}
          name="hostname"
          required
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          hint={t('domains.add.hostnameHint')}
          value={hostname}
          error={problem}
          onChange={(event) => {
            setHostname(event.target.value);
            setProblem(undefined);
          }}
        />
        <ButtonRow>
          <Button type="submit" loading={isLoading}>
            {t('domains.add.submit')}
          </Button>
        </ButtonRow>
      </FieldRow>
    </Stack>
  );
}

/**
 * `/console/domains` (the channel's owners): the channel's own domains beside its platform address,
 * how to point one at the platform, add (a domain taken by another channel is refused, named on the
 * field) and remove after a confirmation.
 */
export function DomainsPage() {
  const { t } = useTranslation('channels');
  const { channel } = useChannelsOperator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('domains.title')}</PageTitle>
      <Text tone="muted">{t('domains.intro', { channel: channel.name })}</Text>
      <Text>{t('domains.howTo')}</Text>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <DomainList onOutcome={setOutcome} />
      <AddDomain onOutcome={setOutcome} />
    </Stack>
  );
}
