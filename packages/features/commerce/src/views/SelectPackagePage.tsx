import { useTranslation } from '@grandstand/i18n';
import { isApiError, useGetEventQuery } from '@grandstand/store';
import { ButtonLink, EmptyState, Link, OfferCardFrame, OfferList, Page, PageTitle, SectionTitle, Stack, Text } from '@grandstand/ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { useGetPackagesQuery, useGetSubscriptionsQuery } from '../commerceApi.ts';
import { LoadError, Loading } from '../components/LoadState.tsx';
import { holdsBasicPass, holdsPremium, isPremium, OfferTile } from '../components/OfferTile.tsx';
import { PickGame } from '../components/PickGame.tsx';
import { buyQuery } from '../purchase.ts';
import type { BuyTarget } from '../purchase.ts';
import { eventName } from '../shared/eventName.ts';
import { useShop } from '../shared/useShop.ts';

function buyHref(target: BuyTarget): string {
  return `/buy?${buyQuery(target).toString()}`;
}

function eventIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[0-9]{1,10}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

/**
 * `/select-package/{id}` (spec §2; id = an event's id): the ways to get that event — this event
 * alone through its single-event package (spec §5), the passes covering it, the subscriptions.
 */
export function SelectPackagePage() {
  const { t } = useTranslation(['commerce', 'common']);
  const shop = useShop();
  const eventId = eventIdOf(useParams().id);
  const event = useGetEventQuery(eventId ?? skipToken);
  const packages = useGetPackagesQuery(eventId === null ? skipToken : { event_id: eventId });
  const subscriptions = useGetSubscriptionsQuery();
  const title = event.data ? eventName(event.data, (away, home) => t('common:matchup', { away, home })) : null;

  const heading = <PageTitle>{title ? t('select.title', { event: title }) : t('select.titleFallback')}</PageTitle>;
  if (eventId === null || (isApiError(event.error) && event.error.status === 404)) {
    return (
      <Page as="main" width="wide" gap="lg">
        {heading}
        <EmptyState title={t('select.notFound')} action={<Link href="/packages">{t('packages.title')}</Link>} />
      </Page>
    );
  }
  const loading = event.isLoading || packages.isLoading || subscriptions.isLoading;
  const error = event.error ?? packages.error ?? subscriptions.error;
  if (loading || error || !event.data) {
    return (
      <Page as="main" width="wide" gap="lg" aria-busy={loading || undefined}>
        {heading}
        {loading ? (
          <Loading />
        ) : (
          <LoadError
            error={error}
            onRetry={() => {
              void event.refetch();
              void packages.refetch();
              void subscriptions.refetch();
            }}
          />
        )}
      </Page>
    );
  }

  const detail = event.data;
  const watch = (
    <ButtonLink href={`/watch/${detail.id}`}>
      {t('select.watch')}
    </ButtonLink>
  );
  if (detail.has_access || detail.access_type === 'free' || detail.access_type === 'register') {
    return (
      <Page as="main" width="wide" gap="lg">
        {heading}
        <Text>{detail.has_access ? t('select.hasAccess') : t('select.noPurchaseNeeded')}</Text>
        <div>{watch}</div>
      </Page>
    );
  }

  const single = (packages.data ?? []).find((item) => item.scope === 'single');
  // spec §6: a ppv event is watchable only with an order for it; passes and subscriptions never cover it.
  const passes = detail.access_type === 'ppv' ? [] : (packages.data ?? []).filter((item) => item.scope === 'category');
  const plans = detail.access_type === 'ppv' ? [] : [...(subscriptions.data ?? [])].sort((a, b) => a.weight - b.weight);
  const eventPrice = detail.base_price + detail.service_fee;
  const holdsBasic = holdsBasicPass(packages.data);
  const upgraded = holdsPremium(packages.data, subscriptions.data);

  return (
    <Page as="main" width="wide" gap="lg">
      {heading}
      <Text>{t('select.intro')}</Text>
      {!single && passes.length === 0 && plans.length === 0 && <EmptyState title={t('select.nothing')} />}
      {single && (
        <Stack as="section" aria-labelledby="select-this-event">
          <SectionTitle id="select-this-event">{t('select.thisEvent')}</SectionTitle>
          <OfferList>
            <OfferCardFrame aria-labelledby="select-single-name">
              <h3 id="select-single-name">{title}</h3>
              <Text size="lg" bold>{shop.price(detail.base_price)}</Text>
              {detail.service_fee > 0 && <p>{t('plusFee', { fee: shop.price(detail.service_fee) })}</p>}
              <ButtonLink href={buyHref({ type: 'event', eventId: detail.id, singleEventPackageId: single.id })}>
                {eventPrice > 0 ? t('select.buyFor', { price: shop.price(eventPrice) }) : t('select.getFree')}
              </ButtonLink>
            </OfferCardFrame>
          </OfferList>
        </Stack>
      )}
      {passes.length > 0 && (
        <Stack as="section" aria-labelledby="select-passes">
          <SectionTitle id="select-passes">{t('select.passes')}</SectionTitle>
          <OfferList>
            {passes.map((item) => (
              <OfferTile
                key={item.id}
                item={item}
                href={buyHref({ type: 'package', packageId: item.id, participantId: null, eventId: detail.id })}
                headingId={`select-package-${item.id}`}
                upgrade={holdsBasic && isPremium(item)}
                included={upgraded}
                // spec §6 quota: a pass the viewer holds with games left picks this one.
                action={item.purchased && item.quota_left !== null ? <PickGame pass={item} eventId={detail.id} /> : undefined}
              />
            ))}
          </OfferList>
        </Stack>
      )}
      {plans.length > 0 && (
        <Stack as="section" aria-labelledby="select-subscriptions">
          <SectionTitle id="select-subscriptions">{t('select.subscriptions')}</SectionTitle>
          <OfferList>
            {plans.map((item) => (
              <OfferTile
                key={item.id}
                item={item}
                href={buyHref({ type: 'subscription', subscriptionId: item.id, eventId: detail.id })}
                headingId={`select-subscription-${item.id}`}
                upgrade={holdsBasic}
              />
            ))}
          </OfferList>
        </Stack>
      )}
      <Text>{t('common:salesFinal')}</Text>
    </Page>
  );
}
