import type { IntegrationToken, NewTokenResponse, OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Card, EmptyState, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCreateTokenMutation, useGetTokensQuery, useRevokeTokenMutation } from '../consoleApi.ts';
import { useConsoleErrorText } from '../shared/errors.ts';
import { Actions, DataTable, InlineForm, Secret } from '../shared/layout.ts';
import { useConsoleOperator } from '../shared/operator.tsx';
import { isRole, useRoleOptions } from '../shared/roles.ts';
import { useConfirm } from '../shared/useConfirm.tsx';

/** The new token, this once: the server keeps only its hash. Copied with one button, or selected by hand. */
function ShownOnce({ created, onDone }: { created: NewTokenResponse; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card as="section" gap="sm" aria-labelledby="console-token-once">
      <SectionTitle id="console-token-once" ref={headingRef} tabIndex={-1}>
        {t('tokens.once.title')}
      </SectionTitle>
      <Text>{t('tokens.once.body')}</Text>
      <Secret aria-label={t('tokens.once.label', { name: created.integrationToken.name })}>{created.token}</Secret>
      <Actions>
        <Button
          type="button"
          onClick={() => {
            navigator.clipboard
              .writeText(created.token)
              .then(() => setCopy('copied'))
              .catch(() => setCopy('failed'));
          }}
        >
          {copy === 'copied' ? t('tokens.once.copied') : t('tokens.once.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('tokens.once.done')}
        </Button>
      </Actions>
      <FormMessage tone="error">{copy === 'failed' ? t('tokens.once.copyFailed') : ''}</FormMessage>
    </Card>
  );
}

function CreateToken({ onCreated }: { onCreated: (created: NewTokenResponse) => void }) {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const roleOptions = useRoleOptions();
  const [create, { isLoading }] = useCreateTokenMutation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('producer');
  const [problem, setProblem] = useState<string | undefined>();
  const [refusal, setRefusal] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal('');
    const found = name.trim() === '' ? t('signIn.required') : undefined;
    setProblem(found);
    if (found) return;
    try {
      const created = await create({ name: name.trim(), role }).unwrap();
      setName('');
      onCreated(created);
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <Stack as="section" aria-labelledby="console-token-create" gap="sm">
      <SectionTitle id="console-token-create">{t('tokens.create.title')}</SectionTitle>
      <InlineForm noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label={t('tokens.create.name')} placeholder={t('tokens.create.namePlaceholder')} required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={problem} />
        <Select label={t('tokens.create.role')} options={roleOptions} value={role} onChange={(event) => isRole(event.target.value) && setRole(event.target.value)} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('tokens.create.submit')}
          </Button>
        </div>
      </InlineForm>
      <FormMessage tone="error">{refusal}</FormMessage>
    </Stack>
  );
}

/** `/console/tokens` (owners): the channel's integration tokens, a new one shown once, revoked at once. */
export function TokensPage() {
  const { t, i18n } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const { channel } = useConsoleOperator();
  const tokens = useGetTokensQuery();
  const [revoke] = useRevokeTokenMutation();
  const [created, setCreated] = useState<NewTokenResponse | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { ask, dialog } = useConfirm();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const onRevoke = (token: IntegrationToken) =>
    ask({
      title: t('tokens.confirmRevoke', { name: token.name }),
      okLabel: t('tokens.revoke'),
      onOk: () => {
        revoke(token.id)
          .unwrap()
          .then(() => setOutcome({ tone: 'success', text: t('tokens.revoked', { name: token.name }) }))
          .catch((error: unknown) => setOutcome({ tone: 'error', text: errorText(error) }));
      },
    });

  let list;
  if (tokens.isLoading) list = <Loader label={t('loading')} />;
  else if (tokens.isError || !tokens.data) {
    list = <ErrorPanel title={t('tokens.title')} message={errorText(tokens.error)} actionLabel={t('retry')} onAction={() => void tokens.refetch()} />;
  } else if (tokens.data.length === 0) list = <EmptyState title={t('tokens.empty')} headingLevel={3} />;
  else {
    list = (
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t('tokens.name')}</th>
            <th scope="col">{t('tokens.role')}</th>
            <th scope="col">{t('tokens.created')}</th>
            <th scope="col">{t('tokens.lastUsed')}</th>
            <th scope="col">{t('tokens.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td data-label={t('tokens.name')}>{token.name}</td>
              <td data-label={t('tokens.role')}>{t(`roles.${token.role}`)}</td>
              <td data-label={t('tokens.created')}>{dates.format(new Date(token.createdAt))}</td>
              <td data-label={t('tokens.lastUsed')}>{token.lastUsedAt ? dates.format(new Date(token.lastUsedAt)) : t('tokens.never')}</td>
              <td data-label={t('tokens.actions')}>
                <Button type="button" size="sm" variant="secondary" aria-label={t('tokens.revokeLabel', { name: token.name })} onClick={() => onRevoke(token)}>
                  {t('tokens.revoke')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('tokens.title')}</PageTitle>
      <Text tone="muted">{t('tokens.intro', { channel: channel.name })}</Text>
      {created && <ShownOnce created={created} onDone={() => setCreated(null)} />}
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      {list}
      <CreateToken
        onCreated={(token) => {
          setOutcome(null);
          setCreated(token);
        }}
      />
      {dialog}
    </Stack>
  );
}
