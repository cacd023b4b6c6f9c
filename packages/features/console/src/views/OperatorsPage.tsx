import type { ConsoleMember, OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, EmptyState, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import {
  useChangeRoleMutation,
  useGetInvitationsQuery,
  useGetOperatorsQuery,
  useInviteMutation,
  useRemoveOperatorMutation,
  useWithdrawInvitationMutation,
} from '../consoleApi.ts';
import { consoleFieldOf, useConsoleErrorText } from '../shared/errors.ts';
import { Actions, DataTable, InlineForm } from '../shared/layout.ts';
import { useConsoleOperator } from '../shared/operator.tsx';
import { isRole, useRoleOptions } from '../shared/roles.ts';
import { useConfirm } from '../shared/useConfirm.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

function Members({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const me = useConsoleOperator();
  const roleOptions = useRoleOptions();
  const operators = useGetOperatorsQuery();
  const [changeRole] = useChangeRoleMutation();
  const [remove] = useRemoveOperatorMutation();
  const { ask, dialog } = useConfirm();

  if (operators.isLoading) return <Loader label={t('loading')} />;
  if (operators.isError || !operators.data) {
    return <ErrorPanel title={t('operators.title')} message={errorText(operators.error)} actionLabel={t('retry')} onAction={() => void operators.refetch()} />;
  }
  if (operators.data.length === 0) return <EmptyState title={t('operators.empty')} headingLevel={3} />;

  const onRole = (member: ConsoleMember, role: OperatorRole) => {
    changeRole({ id: member.id, role })
      .unwrap()
      .then(() => onOutcome({ tone: 'success', text: t('operators.roleChanged', { name: member.name, role: t(`roles.${role}`) }) }))
      .catch((error: unknown) => onOutcome({ tone: 'error', text: errorText(error) }));
  };
  const onRemove = (member: ConsoleMember) =>
    ask({
      title: t('operators.confirmRemove', { name: member.name }),
      okLabel: t('operators.remove'),
      onOk: () => {
        remove(member.id)
          .unwrap()
          .then(() => onOutcome({ tone: 'success', text: t('operators.removed', { name: member.name }) }))
          .catch((error: unknown) => onOutcome({ tone: 'error', text: errorText(error) }));
      },
    });

  return (
    <>
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t('operators.name')}</th>
            <th scope="col">{t('operators.email')}</th>
            <th scope="col">{t('operators.role')}</th>
            <th scope="col">{t('operators.totp')}</th>
            <th scope="col">{t('operators.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {operators.data.map((member) => (
            <tr key={member.id}>
              <td data-label={t('operators.name')}>
                {member.name}
                {member.id === me.id && ` (${t('operators.you')})`}
              </td>
              <td data-label={t('operators.email')}>{member.email}</td>
              <td data-label={t('operators.role')}>
                <RoleSelect key={member.role} name={member.name} value={member.role} options={roleOptions} onSave={(role) => onRole(member, role)} />
              </td>
              <td data-label={t('operators.totp')}>{member.totpEnabled ? t('operators.totpOn') : t('operators.totpOff')}</td>
              <td data-label={t('operators.actions')}>
                <Button type="button" size="sm" variant="secondary" aria-label={t('operators.removeLabel', { name: member.name })} onClick={() => onRemove(member)}>
                  {t('operators.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {dialog}
    </>
  );
}

/**
 * A role select inside a table cell, labelled for screen readers by the operator's name, with its
 * own save button: a closed select changes its value with the arrow keys, and each step must not
 * be a change of the operator's role. Keyed by the saved role, so a saved change starts it afresh.
 */
function RoleSelect({ name, value, options, onSave }: { name: string; value: OperatorRole; options: { value: string; label: string }[]; onSave: (role: OperatorRole) => void }) {
  const { t } = useTranslation('console');
  const [chosen, setChosen] = useState<OperatorRole>(value);
  return (
    <Actions>
      <select
        aria-label={t('operators.changeRole', { name })}
        value={chosen}
        onChange={(event) => {
          if (isRole(event.target.value)) setChosen(event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {t(`roles.${option.value as OperatorRole}`)}
          </option>
        ))}
      </select>
      {chosen !== value && (
        <Button type="button" size="sm" aria-label={t('operators.saveRole', { name })} onClick={() => onSave(chosen)}>
          {t('save')}
        </Button>
      )}
    </Actions>
  );
}

function Invite({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const roleOptions = useRoleOptions();
  const [invite, { isLoading }] = useInviteMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('producer');
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const found = address === '' ? t('signIn.required') : EMAIL.test(address) ? undefined : t('signIn.badEmail');
    setProblem(found);
    if (found) return;
    try {
      await invite({ email: address, role }).unwrap();
      setEmail('');
      onOutcome({ tone: 'success', text: t('operators.invite.sent', { email: address }) });
    } catch (error) {
      if (consoleFieldOf(error) === 'email') setProblem(errorText(error));
      else onOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Stack as="section" aria-labelledby="console-invite" gap="sm">
      <SectionTitle id="console-invite">{t('operators.invite.title')}</SectionTitle>
      <Text tone="muted">{t('operators.invite.intro')}</Text>
      <InlineForm noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label={t('operators.invite.email')} type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} error={problem} />
        <Select label={t('operators.invite.role')} options={roleOptions} value={role} onChange={(event) => isRole(event.target.value) && setRole(event.target.value)} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('operators.invite.submit')}
          </Button>
        </div>
      </InlineForm>
    </Stack>
  );
}

function Pending({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const invitations = useGetInvitationsQuery();
  const [withdraw] = useWithdrawInvitationMutation();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  let body;
  if (invitations.isLoading) body = <Loader label={t('loading')} />;
  else if (invitations.isError || !invitations.data) {
    body = <ErrorPanel title={t('operators.pending.title')} message={errorText(invitations.error)} actionLabel={t('retry')} onAction={() => void invitations.refetch()} />;
  } else if (invitations.data.length === 0) body = <Text tone="muted">{t('operators.pending.empty')}</Text>;
  else {
    body = (
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t('operators.email')}</th>
            <th scope="col">{t('operators.role')}</th>
            <th scope="col">{t('operators.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {invitations.data.map((invitation) => (
            <tr key={invitation.id}>
              <td data-label={t('operators.email')}>
                {invitation.email}
                <br />
                <Text as="span" size="sm" tone="muted">
                  {t('operators.pending.expires', { date: dates.format(new Date(invitation.expiresAt)) })}
                </Text>
              </td>
              <td data-label={t('operators.role')}>{t(`roles.${invitation.role}`)}</td>
              <td data-label={t('operators.actions')}>
                <Actions>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={t('operators.pending.revokeLabel', { email: invitation.email })}
                    onClick={() => {
                      withdraw(invitation.id)
                        .unwrap()
                        .then(() => onOutcome({ tone: 'success', text: t('operators.pending.revoked', { email: invitation.email }) }))
                        .catch((error: unknown) => onOutcome({ tone: 'error', text: errorText(error) }));
                    }}
                  >
                    {t('operators.pending.revoke')}
                  </Button>
                </Actions>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }
  return (
    <Stack as="section" aria-labelledby="console-pending" gap="sm">
      <SectionTitle id="console-pending">{t('operators.pending.title')}</SectionTitle>
      {body}
    </Stack>
  );
}

/** `/console/operators` (owners): the channel's operators and their roles, invitations by email, pending ones. */
export function OperatorsPage() {
  const { t } = useTranslation('console');
  const { channel } = useConsoleOperator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('operators.title')}</PageTitle>
      <Text tone="muted">{t('operators.intro', { channel: channel.name })}</Text>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <Members onOutcome={setOutcome} />
      <Invite onOutcome={setOutcome} />
      <Pending onOutcome={setOutcome} />
    </Stack>
  );
}
