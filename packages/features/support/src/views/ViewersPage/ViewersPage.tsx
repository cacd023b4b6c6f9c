import { SUPPORT_REASON_MAX, type SupportViewer, type SupportViewerDetail, VIEWER_DELETION_KEEPS, VIEWER_DELETION_REMOVES } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, DataTable, ErrorPanel, FormMessage, Link, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSupportErrorText } from '../../errors.ts';
import { ActionForm, Facts, Panel, SearchForm, useFormats } from '../../layout.tsx';
import { supportPaths } from '../../paths.ts';
import { useCompOrderMutation, useGetCompOptionsQuery, useGetSupportViewerQuery, useListSupportViewersQuery, useViewerActionMutation, type ViewerAction } from '../../supportApi.ts';
import { OrderCells } from '../OrdersPage/OrdersPage.tsx';
import { OpenCell, SearchResults } from '../SearchResults.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Runs a viewer action and says how it went, in the operator's language. */
function useAction(): [(action: ViewerAction, done: string) => Promise<boolean>, boolean, Outcome] {
  const errorText = useSupportErrorText();
  const [act, { isLoading }] = useViewerActionMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function run(action: ViewerAction, done: string): Promise<boolean> {
    try {
      await act(action).unwrap();
      setOutcome({ tone: 'success', text: done });
      return true;
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
      return false;
    }
  }
  return [run, isLoading, outcome];
}

/** A reason typed for an action: at least 3 characters, else the field says so. */
function useReason(): { reason: string; setReason: (value: string) => void; problem: string | undefined; check: () => string | null } {
  const { t } = useTranslation('support');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return {
    reason,
    setReason,
    problem,
    check: () => {
      if (reason.trim().length < 3) {
        setProblem(t('reasonRequired'));
        return null;
      }
      setProblem(undefined);
      return reason.trim();
    },
  };
}

/** Suspend with a reason the viewer is shown, or restore a suspended viewer. */
function SuspensionForm({ viewer }: { viewer: SupportViewer }) {
  const { t } = useTranslation('support');
  const [run, busy, outcome] = useAction();
  const { reason, setReason, problem, check } = useReason();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (viewer.suspendedAt) {
      await run({ id: viewer.id, action: 'restore' }, t('suspend.restored'));
      return;
    }
    const checked = check();
    if (checked !== null && (await run({ id: viewer.id, action: 'suspend', reason: checked }, t('suspend.done')))) setReason('');
  }
  return (
    <ActionForm onSubmit={submit} noValidate aria-labelledby="suspend-title">
      <SectionTitle id="suspend-title">{viewer.suspendedAt ? t('suspend.restoreTitle') : t('suspend.title')}</SectionTitle>
      <Text>{viewer.suspendedAt ? t('suspend.restoreHint') : t('suspend.hint')}</Text>
      {!viewer.suspendedAt && (
        <TextArea label={t('suspend.reason')} name="suspend-reason" required maxLength={SUPPORT_REASON_MAX} value={reason} error={problem} hint={t('suspend.reasonHint')} onChange={(event) => setReason(event.target.value)} />
      )}
      <Button type="submit" variant="secondary" loading={busy}>
        {viewer.suspendedAt ? t('suspend.restore') : t('suspend.submit')}
      </Button>
      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
    </ActionForm>
  );
}

/** Comp: an event or a pass (a team pass's team) given to the viewer at no charge, with a reason. */
function CompForm({ viewer }: { viewer: SupportViewer }) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const { data: options, error: optionsError } = useGetCompOptionsQuery();
  const [comp, { isLoading }] = useCompOrderMutation();
  const [type, setType] = useState<'event' | 'package'>('event');
  const [productId, setProductId] = useState('');
  const [teamId, setTeamId] = useState('');
  const { reason, setReason, problem, check } = useReason();
  const [productProblem, setProductProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const pass = options?.passes.find((candidate) => String(candidate.id) === productId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    const missing = productId === '' ? t('comp.productRequired') : type === 'package' && pass && pass.teams.length > 0 && teamId === '' ? t('comp.teamRequired') : undefined;
    setProductProblem(missing);
    if (checked === null || missing) return;
    try {
      const answer = await comp({ viewerId: viewer.id, type, productId: Number(productId), ...(teamId ? { teamId: Number(teamId) } : {}), reason: checked }).unwrap();
      setOutcome({ tone: 'success', text: t('comp.done', { id: answer.order.id }) });
      setReason('');
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  }

  if (optionsError) return <ErrorPanel title={t('comp.title')} message={errorText(optionsError)} />;
  const products = type === 'event' ? (options?.events ?? []).map((e) => ({ value: String(e.id), label: e.name })) : (options?.passes ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <ActionForm onSubmit={submit} noValidate aria-labelledby="comp-title">
      <SectionTitle id="comp-title">{t('comp.title')}</SectionTitle>
      <Text>{t('comp.hint')}</Text>
      <Select
        label={t('comp.type')}
        name="comp-type"
        value={type}
        options={[
          { value: 'event', label: t('comp.event') },
          { value: 'package', label: t('comp.pass') },
        ]}
        onChange={(event) => {
          setType(event.target.value as 'event' | 'package');
          setProductId('');
          setTeamId('');
        }}
      />
      <Select label={type === 'event' ? t('comp.event') : t('comp.pass')} name="comp-product" value={productId} placeholder={t('comp.choose')} options={products} error={productProblem} onChange={(event) => setProductId(event.target.value)} />
      {type === 'package' && pass && pass.teams.length > 0 && (
        <Select label={t('comp.team')} name="comp-team" value={teamId} placeholder={t('comp.choose')} options={pass.teams.map((team) => ({ value: String(team.id), label: team.name }))} onChange={(event) => setTeamId(event.target.value)} />
      )}
      <TextArea label={t('comp.reason')} name="comp-reason" required maxLength={SUPPORT_REASON_MAX} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="secondary" loading={isLoading}>
        {t('comp.submit')}
      </Button>
      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
    </ActionForm>
  );
}

/** Deletion on request: what it removes and keeps, written down, a reason and a confirmation. */
function DeleteForm({ viewer, onDeleted }: { viewer: SupportViewer; onDeleted: () => void }) {
  const { t } = useTranslation('support');
  const [run, busy, outcome] = useAction();
  const { reason, setReason, problem, check } = useReason();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmProblem, setConfirmProblem] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    setConfirmProblem(confirmed ? undefined : t('delete.confirmRequired'));
    if (checked === null || !confirmed) return;
    if (await run({ id: viewer.id, action: 'delete', reason: checked }, t('delete.done'))) onDeleted();
  }
  return (
    <ActionForm onSubmit={submit} noValidate aria-labelledby="delete-title">
      <SectionTitle id="delete-title">{t('delete.title')}</SectionTitle>
      <Text>{t('delete.removes')}</Text>
      <ul data-testid="deletion-removes">
        {VIEWER_DELETION_REMOVES.map((item) => (
          <li key={item}>{t(`delete.what.${item}`)}</li>
        ))}
      </ul>
      <Text>{t('delete.keeps')}</Text>
      <ul>
        {VIEWER_DELETION_KEEPS.map((item) => (
          <li key={item}>{t(`delete.what.${item}`)}</li>
        ))}
      </ul>
      <TextArea label={t('delete.reason')} name="delete-reason" required maxLength={SUPPORT_REASON_MAX} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} />
      <Checkbox label={t('delete.confirm', { email: viewer.email })} name="delete-confirm" checked={confirmed} error={confirmProblem} onChange={(event) => setConfirmed(event.target.checked)} />
      <Button type="submit" variant="secondary" loading={busy}>
        {t('delete.submit')}
      </Button>
      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
    </ActionForm>
  );
}

/** The verification mail again and the end of every session: one click each. */
function AccountActions({ viewer }: { viewer: SupportViewer }) {
  const { t } = useTranslation('support');
  const [run, busy, outcome] = useAction();
  return (
    <Stack gap="xs" aria-labelledby="account-title" as="section">
      <SectionTitle id="account-title">{t('account.title')}</SectionTitle>
      <Stack direction="row" gap="sm">
        {!viewer.verified && (
          <Button variant="secondary" loading={busy} onClick={() => void run({ id: viewer.id, action: 'resend-verification' }, t('account.verificationSent'))}>
            {t('account.resend')}
          </Button>
        )}
        <Button variant="secondary" loading={busy} onClick={() => void run({ id: viewer.id, action: 'end-sessions' }, t('account.sessionsEnded'))}>
          {t('account.endSessions')}
        </Button>
      </Stack>
      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
    </Stack>
  );
}

function ViewerFacts({ detail }: { detail: SupportViewerDetail }) {
  const { t } = useTranslation('support');
  const { when } = useFormats();
  const { viewer } = detail;
  return (
    <>
      <Facts>
        <dt>{t('viewer.email')}</dt>
        <dd>{viewer.email}</dd>
        <dt>{t('viewer.name')}</dt>
        <dd>{viewer.name || '—'}</dd>
        <dt>{t('viewer.verified')}</dt>
        <dd>{viewer.verified ? t('yes') : t('no')}</dd>
        <dt>{t('viewer.since')}</dt>
        <dd>{when(viewer.createdAt)}</dd>
        <dt>{t('viewer.state')}</dt>
        <dd data-testid="viewer-state">{viewer.suspendedAt ? t('viewer.suspended', { when: when(viewer.suspendedAt), reason: viewer.suspendedReason ?? '—' }) : t('viewer.active')}</dd>
        <dt>{t('viewer.sessions')}</dt>
        <dd>{detail.sessions.length}</dd>
        <dt>{t('viewer.favourites')}</dt>
        <dd>{detail.favouritesCount}</dd>
      </Facts>
      <DataTable>
        <caption>{t('viewer.orders')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.order')}</th>
            <th scope="col">{t('order.product')}</th>
            <th scope="col">{t('order.amount')}</th>
            <th scope="col">{t('order.status')}</th>
            <th scope="col">{t('order.created')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.orders.length === 0 ? (
            <tr>
              <td colSpan={5}>{t('viewer.noOrders')}</td>
            </tr>
          ) : (
            detail.orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <Link href={supportPaths.order(order.id)} aria-label={t('orders.open', { id: order.id })}>
                    #{order.id}
                  </Link>
                </th>
                <OrderCells order={order} />
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <DataTable>
        <caption>{t('viewer.clips')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('clips.title')}</th>
            <th scope="col">{t('clips.event')}</th>
            <th scope="col">{t('clips.status')}</th>
            <th scope="col">{t('clips.when')}</th>
          </tr>
        </thead>
        <tbody>
          {detail.clips.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('viewer.noClips')}</td>
            </tr>
          ) : (
            detail.clips.map((clip) => (
              <tr key={clip.id}>
                <td>{clip.title}</td>
                <td>{clip.eventName ?? '—'}</td>
                <td>{clip.status}</td>
                <td>{when(clip.createdAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
    </>
  );
}

/** One viewer: their facts, orders, clips and what support can do for them. */
function ViewerDetail({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const { data, error, isLoading, refetch } = useGetSupportViewerQuery(id);
  if (isLoading) return <Loader label={t('loading')} />;
  if (error || !data) return <ErrorPanel title={t('viewer.error')} message={errorText(error)} actionLabel={t('retry')} onAction={() => void refetch()} />;
  return (
    <Panel aria-labelledby="viewer-title">
      <SectionTitle id="viewer-title">{data.viewer.name ? `${data.viewer.name} · ${data.viewer.email}` : data.viewer.email}</SectionTitle>
      <ViewerFacts detail={data} />
      <AccountActions viewer={data.viewer} />
      <SuspensionForm viewer={data.viewer} />
      <CompForm viewer={data.viewer} />
      <DeleteForm viewer={data.viewer} onDeleted={onDeleted} />
    </Panel>
  );
}

/**
 * The channel's viewers (spec §1 admin dashboard, "users"): found by email or name; one opens with
 * their orders, sessions, clips and favourites, and support's actions: the verification mail again,
 * the end of every session, a comp, suspension and restore, deletion on request.
 */
export function ViewersPage() {
  const { t } = useTranslation('support');
  const { when } = useFormats();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const page = Number(search.get('page') ?? '1');
  const opened = Number(search.get('viewer') ?? '');
  const viewers = useListSupportViewersQuery({ ...(q ? { q } : {}), ...(Number.isInteger(page) && page > 1 ? { page } : {}) });
  const [text, setText] = useState(q);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim() ? new URLSearchParams({ q: text.trim() }) : new URLSearchParams());
  }

  function open(id: number | null) {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('viewer');
    else next.set('viewer', String(id));
    setSearch(next);
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('viewers.title')}</PageTitle>
      <SearchForm role="search" aria-label={t('viewers.searchLabel')} onSubmit={submit}>
        <TextField label={t('viewers.query')} name="q" type="search" value={text} onChange={(event) => setText(event.target.value)} />
        <Button type="submit">{t('viewers.find')}</Button>
      </SearchForm>
      {Number.isInteger(opened) && opened > 0 && <ViewerDetail key={opened} id={opened} onDeleted={() => open(null)} />}
      <SearchResults query={viewers} rows={viewers.data?.viewers.length ?? 0} section="viewers" columns={[t('viewer.email'), t('viewer.name'), t('viewer.state'), t('viewer.since')]}>
        {viewers.data?.viewers.map((viewer) => (
          <tr key={viewer.id}>
            <OpenCell label={t('viewers.open', { email: viewer.email })} onOpen={() => open(viewer.id)}>
              {viewer.email}
            </OpenCell>
            <td>{viewer.name || '—'}</td>
            <td>{viewer.suspendedAt ? t('viewer.suspendedShort') : viewer.verified ? t('viewer.active') : t('viewer.unverified')}</td>
            <td>{when(viewer.createdAt)}</td>
          </tr>
        ))}
      </SearchResults>
    </Stack>
  );
}
