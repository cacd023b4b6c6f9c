import { useErrorText, useTranslation } from '@grandstand/i18n';
import { useGetOrdersQuery } from '@grandstand/store';
import { EmptyState, ErrorPanel, Link, Loader, SectionTitle, Stack } from '@grandstand/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { CustomerPortalButton, type CustomerPortalButtonProps } from '../components/CustomerPortalButton.tsx';
import { OrderCard } from '../components/OrderCard.tsx';

const List = styled.ul`
  display: grid;
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Where a viewer with nothing bought goes to buy (the commerce feature's /packages). */
const BROWSE_PATH = '/packages';

export type OrdersPageProps = CustomerPortalButtonProps;

/**
 * The profile's default child (spec §2: the order list, active orders): every order whose
 * activity_status is active, with subscription renewals and the billing portal.
 */
export function OrdersPage({ openUrl }: OrdersPageProps) {
  const { t } = useTranslation(['profile', 'errors']);
  const errorText = useErrorText();
  const { data, error, isLoading, isFetching, refetch } = useGetOrdersQuery({ activity_status: 'active' });
  const orders = data?.data ?? [];
  const titleId = useId();

  let content;
  if (isLoading) content = <Loader label={t('profile:orders.loading')} />;
  else if (error && !data)
    content = (
      <ErrorPanel
        title={t('profile:orders.loadFailed')}
        message={errorText(error)}
        actionLabel={t('profile:orders.retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else if (orders.length === 0)
    content = (
      <EmptyState
        title={t('profile:orders.emptyTitle')}
        message={t('profile:orders.emptyMessage')}
        headingLevel={3}
        action={<Link href={BROWSE_PATH}>{t('profile:orders.browse')}</Link>}
      />
    );
  else
    content = (
      <List aria-label={t('profile:orders.listLabel')}>
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </List>
    );

  return (
    <Stack as="section" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{t('profile:orders.title')}</SectionTitle>
      {content}
      <CustomerPortalButton openUrl={openUrl} />
    </Stack>
  );
}
