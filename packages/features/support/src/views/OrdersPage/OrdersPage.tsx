import { SUPPORT_REASON_MAX, type SupportOrder, type SupportOrderStatus, type SupportOrdersQuery } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, Button, DataTable, ErrorPanel, FormMessage, Loader, NumericCell, PageTitle, SectionTitle, Select, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSupportErrorText } from '../../errors.ts';
import { ActionForm, Facts, Panel, SearchForm, useFormats } from '../../layout.tsx';
import { useGetSupportOrderQuery, useListSupportOrdersQuery, useRefundOrderMutation } from '../../supportApi.ts';
import { OpenCell, SearchResults } from '../SearchResults.tsx';

const STATUSES: SupportOrderStatus[] = ['created', 'paid', 'failed', 'refunded'];

/** The status as support reads it: a comp and an order giving access now are told apart. */
export function OrderStatus({ order }: { order: Pick<SupportOrder, 'status' | 'comp' | 'active'> }) {
  const { t } = useTranslation('support');
  return (
    <>
      <Badge tone={order.status === 'paid' && order.active ? 'primary' : 'neutral'}>{t(`status.${order.status}`)}</Badge>
      {order.comp && <> {t('order.compBadge')}</>}
    </>
  );
}

/** The order's product as one line: the event or pass, and a team pass's team. */
function productOf(order: SupportOrder): string {
  return order.teamName ? `${order.productName} · ${order.teamName}` : order.productName;
}

/** An order's cells after the ones that name it: its product, amount, status and day. */
export function OrderCells({ order }: { order: SupportOrder }) {
  const { money, when } = useFormats();
  return (
    <>
      <td>{productOf(order)}</td>
      <NumericCell>{money(order.amount, order.currency)}</NumericCell>
      <td>
        <OrderStatus order={order} />
      </td>
      <td>{when(order.createdAt)}</td>
    </>
  );
}

/**
 * The refund: a reason (kept with the order, shown in the audit log), then one click. The server
 * gives the money back through the order's provider and ends its access.
 */
function RefundForm({ order, onRefunded }: { order: SupportOrder; onRefunded: (text: string) => void }) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const [refund, { isLoading }] = useRefundOrderMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setProblem(t('refund.reasonRequired'));
      return;
    }
    setProblem(undefined);
    try {
      await refund({ id: order.id, reason: reason.trim() }).unwrap();
      // The order leaves `paid`, so this form goes: the page around it says it is done.
      onRefunded(t('refund.done'));
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  }

  return (
    <ActionForm onSubmit={submit} noValidate aria-labelledby="refund-title">
      <SectionTitle id="refund-title">{t('refund.title')}</SectionTitle>
      <Text>{order.provider === 'comp' || order.amount === 0 ? t('refund.hintFree') : t('refund.hint', { provider: order.provider ?? '—' })}</Text>
      <TextArea label={t('refund.reason')} name="reason" required maxLength={SUPPORT_REASON_MAX} value={reason} error={problem} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="secondary" loading={isLoading}>
        {t('refund.submit', { id: order.id })}
      </Button>
      <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text ?? ''}</FormMessage>
    </ActionForm>
  );
}

/** One order: its facts, its charges, the provider's own record of the payment, and its refund. */
function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const { money, when } = useFormats();
  const { data, error, isLoading, refetch } = useGetSupportOrderQuery(id);
  const [notice, setNotice] = useState('');
  if (isLoading) return <Loader label={t('loading')} />;
  if (error || !data) return <ErrorPanel title={t('order.error')} message={errorText(error)} actionLabel={t('retry')} onAction={() => void refetch()} />;
  const { order, transactions, payment } = data;
  return (
    <Panel aria-labelledby="order-title">
      <SectionTitle id="order-title">{t('order.title', { id: order.id })}</SectionTitle>
      <Facts>
        <dt>{t('order.viewer')}</dt>
        <dd>
          {order.viewer.name ? `${order.viewer.name} · ` : ''}
          {order.viewer.email}
        </dd>
        <dt>{t('order.product')}</dt>
        <dd>
          {t(`type.${order.type}`)} · {productOf(order)}
        </dd>
        <dt>{t('order.amount')}</dt>
        <dd>{money(order.amount, order.currency)}</dd>
        <dt>{t('order.status')}</dt>
        <dd data-testid="order-status">
          <OrderStatus order={order} /> {order.active ? t('order.givesAccess') : t('order.noAccess')}
        </dd>
        <dt>{t('order.created')}</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt>{t('order.paid')}</dt>
        <dd>{when(order.paidAt)}</dd>
        {order.endsAt && (
          <>
            <dt>{t('order.ends')}</dt>
            <dd>{when(order.endsAt)}</dd>
          </>
        )}
        {order.couponCode && (
          <>
            <dt>{t('order.coupon')}</dt>
            <dd>{order.couponCode}</dd>
          </>
        )}
        {order.refundedAt && (
          <>
            <dt>{t('order.refunded')}</dt>
            <dd data-testid="order-refund">{t('order.refundedBy', { when: when(order.refundedAt), who: order.refundedBy ?? '—', reason: order.refundReason ?? '—' })}</dd>
          </>
        )}
        {order.comp && (
          <>
            <dt>{t('order.comp')}</dt>
            <dd>{t('order.compBy', { who: order.compedBy ?? '—', reason: order.compReason ?? '—' })}</dd>
          </>
        )}
      </Facts>
      <SectionTitle id="payment-title">{t('payment.title')}</SectionTitle>
      {payment ? (
        <Facts aria-labelledby="payment-title">
          <dt>{t('payment.provider')}</dt>
          <dd>{payment.provider}</dd>
          <dt>{t('payment.ref')}</dt>
          <dd>{payment.dashboardUrl ? <a href={payment.dashboardUrl}>{payment.ref}</a> : payment.ref}</dd>
          <dt>{t('payment.status')}</dt>
          <dd>{payment.status ?? t('payment.unread')}</dd>
          <dt>{t('payment.refunded')}</dt>
          <dd>{payment.refunded ? t('yes') : t('no')}</dd>
        </Facts>
      ) : (
        <Text>{t('payment.none')}</Text>
      )}
      <DataTable>
        <caption>{t('transactions.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transactions.kind')}</th>
            <th scope="col">{t('transactions.status')}</th>
            <th scope="col">{t('transactions.amount')}</th>
            <th scope="col">{t('transactions.card')}</th>
            <th scope="col">{t('transactions.when')}</th>
          </tr>
        </thead>
        <tbody>
          {transactions.length === 0 ? (
            <tr>
              <td colSpan={5}>{t('transactions.none')}</td>
            </tr>
          ) : (
            transactions.map((transaction) => (
              <tr key={transaction.id}>
                <td>{transaction.kind}</td>
                <td>{transaction.status}</td>
                <NumericCell>{money(transaction.amount, transaction.currency)}</NumericCell>
                <td>{transaction.card ?? '—'}</td>
                <td>{when(transaction.createdAt)}</td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      {order.status === 'paid' && <RefundForm key={order.id} order={order} onRefunded={setNotice} />}
      <FormMessage tone="success">{notice}</FormMessage>
    </Panel>
  );
}

/** The search's fields as the address keeps them, so a search can be shared and comes back with Back. */
function queryOf(search: URLSearchParams): SupportOrdersQuery {
  const status = search.get('status');
  const page = Number(search.get('page') ?? '1');
  return {
    ...(search.get('email') ? { email: search.get('email')! } : {}),
    ...(search.get('from') ? { from: search.get('from')! } : {}),
    ...(search.get('to') ? { to: search.get('to')! } : {}),
    ...(status && (STATUSES as string[]).includes(status) ? { status: status as SupportOrderStatus } : {}),
    ...(search.get('eventId') ? { eventId: search.get('eventId')! } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}

/**
 * The channel's orders (spec §1 admin dashboard; spec §9: a refund is the channel's exception):
 * found by the viewer's email, the day range and the status; one opens with its charges, the
 * provider's payment and its refund.
 */
export function OrdersPage() {
  const { t } = useTranslation('support');
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const opened = Number(search.get('order') ?? '');
  const orders = useListSupportOrdersQuery(query);
  const [form, setForm] = useState({ email: query.email ?? '', from: query.from ?? '', to: query.to ?? '', status: query.status ?? '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value) next.set(key, value);
    setSearch(next);
  }

  function open(id: number) {
    const next = new URLSearchParams(search);
    next.set('order', String(id));
    setSearch(next);
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('orders.title')}</PageTitle>
      <SearchForm role="search" aria-label={t('orders.searchLabel')} onSubmit={submit}>
        <TextField label={t('orders.email')} name="email" type="search" value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} />
        <Select
          label={t('orders.status')}
          name="status"
          value={form.status}
          options={[{ value: '', label: t('orders.anyStatus') }, ...STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
          onChange={(event) => setForm({ ...form, status: event.target.value as SupportOrderStatus | '' })}
        />
        <TextField label={t('orders.from')} name="from" type="date" value={form.from} onChange={(event) => setForm({ ...form, from: event.target.value })} />
        <TextField label={t('orders.to')} name="to" type="date" value={form.to} onChange={(event) => setForm({ ...form, to: event.target.value })} />
        <Button type="submit">{t('orders.find')}</Button>
      </SearchForm>
      {Number.isInteger(opened) && opened > 0 && <OrderDetail id={opened} />}
      <SearchResults
        query={orders}
        rows={orders.data?.orders.length ?? 0}
        section="orders"
        columns={[t('orders.order'), t('order.viewer'), t('order.product'), t('order.amount'), t('order.status'), t('order.created')]}
      >
        {orders.data?.orders.map((order) => (
          <tr key={order.id}>
            <OpenCell label={t('orders.open', { id: order.id })} onOpen={() => open(order.id)}>
              #{order.id}
            </OpenCell>
            <td>{order.viewer.email}</td>
            <OrderCells order={order} />
          </tr>
        ))}
      </SearchResults>
    </Stack>
  );
}
