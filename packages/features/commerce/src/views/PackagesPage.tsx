import type { Package, Subscription } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, ButtonLink, EmptyState, PageTitle } from '@grandstand/ui';
import { useGetPackagesQuery, useGetSubscriptionsQuery } from '../commerceApi.ts';
import { LoadError, Loading } from '../components/LoadState.tsx';
import { COMMERCE_PATHS } from '../paths.ts';
import { Heading, Hidden, OfferCard, OfferList, Page, PriceTitle, Section, Text } from '../shared/layout.ts';
import { RouterLink } from '../shared/RouterLink.tsx';
import { useShop } from '../shared/useShop.ts';

function byWeight<T extends { weight: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.weight - b.weight);
}

function OfferBody({ item, trialDays }: { item: Package | Subscription; trialDays: number }) {
  const shop = useShop();
  const { t } = useTranslation(['commerce', 'common']);
  const href = `${COMMERCE_PATHS.buy}?${'scope' in item ? 'package_id' : 'subscription_id'}=${item.id}`;
  const headingId = `offer-${'scope' in item ? 'package' : 'subscription'}-${item.id}`;
  return (
    <OfferCard aria-labelledby={headingId}>
      <h3 id={headingId}>{item.name}</h3>
      {'is_team_pass' in item && item.is_team_pass && <Badge>{t('commerce:teamPass')}</Badge>}
      {/* spec §9: the price title is the base price with the period suffix; a fee is added on top. */}
      <PriceTitle>{shop.priceTitle(item.base_price, item.offer, item.period)}</PriceTitle>
      {item.service_fee > 0 && <p>{t('commerce:plusFee', { fee: shop.price(item.service_fee) })}</p>}
      {item.description && <p>{item.description}</p>}
      {trialDays > 0 && <p>{t('common:freeTrial', { days: trialDays })}</p>}
      {item.purchased ? (
        <Badge tone="primary">{t('commerce:purchased')}</Badge>
      ) : (
        <ButtonLink href={href} linkComponent={RouterLink}>
          {t('commerce:buy')}
          <Hidden> {item.name}</Hidden>
        </ButtonLink>
      )}
    </OfferCard>
  );
}

/** `/packages` (spec §2): the channel's passes and subscriptions with their price titles (spec §9). */
export function PackagesPage() {
  const { t } = useTranslation(['commerce', 'common']);
  const packages = useGetPackagesQuery();
  const subscriptions = useGetSubscriptionsQuery();
  // The single-event package is bought from an event, never on its own.
  const passes = byWeight((packages.data ?? []).filter((item) => item.scope === 'category'));
  const plans = byWeight(subscriptions.data ?? []);
  const loading = packages.isLoading || subscriptions.isLoading;
  const error = packages.error ?? subscriptions.error;

  return (
    <Page aria-busy={loading || undefined}>
      <PageTitle>{t('packages.title')}</PageTitle>
      {loading && <Loading />}
      {!loading && error && (
        <LoadError
          error={error}
          onRetry={() => {
            void packages.refetch();
            void subscriptions.refetch();
          }}
        />
      )}
      {!loading && !error && passes.length === 0 && plans.length === 0 && (
        <EmptyState
          title={t('packages.empty')}
          message={t('packages.emptyMessage')}
          action={
            <ButtonLink href="/" linkComponent={RouterLink} variant="secondary">
              {t('packages.browse')}
            </ButtonLink>
          }
        />
      )}
      {passes.length > 0 && (
        <Section aria-labelledby="packages-passes">
          <Heading id="packages-passes">{t('packages.passes')}</Heading>
          <OfferList>
            {passes.map((item) => (
              <OfferBody key={item.id} item={item} trialDays={0} />
            ))}
          </OfferList>
        </Section>
      )}
      {plans.length > 0 && (
        <Section aria-labelledby="packages-subscriptions">
          <Heading id="packages-subscriptions">{t('packages.subscriptions')}</Heading>
          <OfferList>
            {plans.map((item) => (
              <OfferBody key={item.id} item={item} trialDays={item.trial_period} />
            ))}
          </OfferList>
        </Section>
      )}
      {!loading && error === undefined && passes.length + plans.length > 0 && <Text>{t('common:salesFinal')}</Text>}
    </Page>
  );
}
