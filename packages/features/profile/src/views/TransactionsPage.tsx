import type { Order, Transaction, TransactionKind } from '@grandstand/contract';
import { formatPrice, useErrorText, useTranslation } from '@grandstand/i18n';
import { useGetOrdersQuery } from '@grandstand/store';
import { EmptyState, ErrorPanel, Loader, SectionTitle, Stack } from '@grandstand/ui';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { CustomerPortalButton, type CustomerPortalButtonProps } from '../components/CustomerPortalButton.tsx';
import { brandName, formatIsoDate } from '../shared/format.ts';

const KIND_KEYS = {
  Purchase: 'purchase',
  'New subscription': 'newSubscription',
  'Subscription Renewal': 'renewal',
} as const satisfies Record<TransactionKind, string>;

/** Wide tables scroll on their own on a phone; focusable so a keyboard can scroll them too. */
const Scroller = styled.div`
  overflow-x: auto;

  &:focus-visible {
    outline: 2px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--gs-font-size-sm);

  caption {
    text-align: start;
    padding-bottom: var(--gs-space-sm);
    color: var(--gs-muted-text);
  }

  th,
  td {
    padding: var(--gs-space-sm);
    border-bottom: 1px solid var(--gs-border);
    text-align: start;
    white-space: nowrap;
  }

  th {
    font-weight: var(--gs-font-weight-bold);
  }

  .amount {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

interface Row {
  transaction: Transaction;
  product: string;
}

/** Every order's transactions, newest first. */
function rowsOf(orders: Order[]): Row[] {
  return orders
    .flatMap((order) => order.transactions.map((transaction) => ({ transaction, product: order.product.name })))
    .sort((a, b) => Date.parse(b.transaction.created_at) - Date.parse(a.transaction.created_at) || b.transaction.id - a.transaction.id);
}

export type TransactionsPageProps = CustomerPortalButtonProps;

/**
 * The profile's `transactions` child (spec §2): each charge of every order, active or not, with its
 * kind (Purchase, New subscription, Subscription Renewal; spec §3), status, card and amount.
 */
export function TransactionsPage({ openUrl }: TransactionsPageProps) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const language = i18n.language;
  const errorText = useErrorText();
  const titleId = useId();
  const captionId = useId();
  const { data, error, isLoading, isFetching, refetch } = useGetOrdersQuery();
  const rows = useMemo(() => rowsOf(data?.data ?? []), [data]);

  let content;
  if (isLoading) content = <Loader label={t('profile:transactions.loading')} />;
  else if (error && !data)
    content = (
      <ErrorPanel
        title={t('profile:transactions.loadFailed')}
        message={errorText(error)}
        actionLabel={t('profile:orders.retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else if (rows.length === 0)
    content = <EmptyState title={t('profile:transactions.emptyTitle')} message={t('profile:transactions.emptyMessage')} headingLevel={3} />;
  else
    content = (
      <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
        <Table>
          <caption id={captionId}>{t('profile:transactions.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile:transactions.columns.date')}</th>
              <th scope="col">{t('profile:transactions.columns.product')}</th>
              <th scope="col">{t('profile:transactions.columns.kind')}</th>
              <th scope="col">{t('profile:transactions.columns.status')}</th>
              <th scope="col">{t('profile:transactions.columns.card')}</th>
              <th scope="col" className="amount">
                {t('profile:transactions.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ transaction, product }) => (
              <tr key={transaction.id}>
                <td>{formatIsoDate(transaction.created_at, language)}</td>
                <td>{product}</td>
                <td>{t(`profile:transactions.kind.${KIND_KEYS[transaction.kind]}`)}</td>
                <td>{t(`profile:transactions.status.${transaction.status}`)}</td>
                <td>
                  {transaction.card
                    ? t('profile:transactions.card', { brand: brandName(transaction.card.brand), last4: transaction.card.last4 })
                    : t('profile:transactions.noCard')}
                </td>
                <td className="amount">{formatPrice(transaction.amount, transaction.currency, language)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroller>
    );

  return (
    <Stack as="section" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{t('profile:transactions.title')}</SectionTitle>
      {content}
      <CustomerPortalButton openUrl={openUrl} />
    </Stack>
  );
}
