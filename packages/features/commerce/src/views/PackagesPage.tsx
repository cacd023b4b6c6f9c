import { useTranslation } from '@grandstand/i18n';
import { ButtonLink, EmptyState, OfferList, Page, PageTitle, SectionTitle, Stack, Text } from '@grandstand/ui';
import { useGetPackagesQuery, useGetSubscriptionsQuery } from '../commerceApi.ts';
import { LoadError, Loading } from '../components/LoadState.tsx';
import { holdsBasicPass, holdsPremium, isPremium, OfferTile } from '../components/OfferTile.tsx';
import { COMMERCE_PATHS } from '../paths.ts';

function byWeight<T extends { weight: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.weight - b.weight);
}

/** `/packages` (spec §2): the channel's passes and subscriptions with their price titles (spec §9). */
export function PackagesPage() {
  const { t } = useTranslation(['commerce', 'common']);
  const packages = useGetPackagesQuery();
  const subscriptions = useGetSubscriptionsQuery();
  // The single-event package is bought from an event, never on its own.
  const passes = byWeight((packages.data ?? []).filter((item) => item.scope === 'category'));
  const plans = byWeight(subscriptions.data ?? []);
  // spec §2: a holder of the basic pass upgrades to a premium offer, which replaces it.
  const holdsBasic = holdsBasicPass(packages.data);
  const upgraded = holdsPremium(packages.data, subscriptions.data);
  const loading = packages.isLoading || subscriptions.isLoading;
  const error = packages.error ?? subscriptions.error;

  return (
    <Page as="main" width="wide" gap="lg" aria-busy={loading || undefined}>
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
            <ButtonLink href="/" variant="secondary">
              {t('packages.browse')}
            </ButtonLink>
          }
        />
      )}
      {passes.length > 0 && (
        <Stack as="section" aria-labelledby="packages-passes">
          <SectionTitle id="packages-passes">{t('packages.passes')}</SectionTitle>
          <OfferList>
            {passes.map((item) => (
              <OfferTile key={item.id} item={item} href={`${COMMERCE_PATHS.buy}?package_id=${item.id}`} headingId={`offer-package-${item.id}`} upgrade={holdsBasic && isPremium(item)} included={upgraded} />
            ))}
          </OfferList>
        </Stack>
      )}
      {plans.length > 0 && (
        <Stack as="section" aria-labelledby="packages-subscriptions">
          <SectionTitle id="packages-subscriptions">{t('packages.subscriptions')}</SectionTitle>
          <OfferList>
            {plans.map((item) => (
              <OfferTile key={item.id} item={item} href={`${COMMERCE_PATHS.buy}?subscription_id=${item.id}`} headingId={`offer-subscription-${item.id}`} upgrade={holdsBasic} />
            ))}
          </OfferList>
        </Stack>
      )}
      {!loading && error === undefined && passes.length + plans.length > 0 && <Text>{t('common:salesFinal')}</Text>}
    </Page>
  );
}
