import type { Package, Subscription } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { selectUser, useAppDispatch, useAppSelector } from '@grandstand/store';
import { Badge, Button, ButtonLink, FormMessage, OfferCard, Text, visuallyHidden } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import styled from 'styled-components';
import { invalidateAfterPurchase, useBuyMutation } from '../commerceApi.ts';
import { useShop } from '../shared/useShop.ts';

export interface OfferTileProps {
  item: Package | Subscription;
  /** Where its buy link leads (the checkout, with what the page knows: the event it was chosen for). */
  href: string;
  /** Unique on the page: the card is named by its heading. */
  headingId: string;
  /** spec §2: the viewer holds the basic pass, and this premium offer replaces it: "Upgrade" instead of "Buy". */
  upgrade?: boolean;
  /** What the viewer can do instead of buying (a quota pass they hold: pick this game). */
  action?: ReactNode;
  /** spec §2: the basic pass, replaced by the premium offer the viewer holds: nothing to take. */
  included?: boolean;
}

/**
 * spec §2 and §6: whether an offer is a premium one, which replaces the basic pass when bought (a
 * pass covering events, or a subscription); a pass granting only capabilities is an add-on.
 */
export function isPremium(item: Package | Subscription): boolean {
  if (!('is_team_pass' in item)) return true;
  return item.scope === 'category' && !item.basic && (item.event_categories.length > 0 || item.is_team_pass);
}

/** The viewer holds a premium offer, which replaced the basic pass (the server refuses the basic pass beside it). */
export function holdsPremium(packages: readonly Package[] | undefined, subscriptions: readonly Subscription[] | undefined): boolean {
  return (packages ?? []).some((item) => item.purchased && isPremium(item)) || (subscriptions ?? []).some((item) => item.purchased);
}

/** The viewer holds the channel's basic pass. */
export function holdsBasicPass(packages: readonly Package[] | undefined): boolean {
  return (packages ?? []).some((item) => item.basic && item.purchased);
}

/** A pass or subscription as `/packages` and `/select-package/{id}` offer it (the card is the design system's `OfferCard`). */
export function OfferTile({ item, href, headingId, upgrade = false, action, included = false }: OfferTileProps) {
  const shop = useShop();
  const { t } = useTranslation(['commerce', 'common']);
  const trialDays = 'trial_period' in item ? item.trial_period : 0;
  const quotaLeft = 'quota_left' in item ? item.quota_left : null;
  // A package's own label: a team pass, the free basic pass, a pass of N games of the viewer's choosing.
  let badge: string | null = null;
  if ('is_team_pass' in item) {
    if (item.is_team_pass) badge = t('commerce:teamPass');
    else if (item.basic) badge = t('commerce:basicPass');
    else if (item.quota !== null) badge = t('commerce:quotaGames', { count: item.quota });
  }
  let shown: ReactNode;
  if (action) shown = action;
  else if (item.purchased) {
    shown = (
      <>
        <Badge tone="primary">{t('commerce:purchased')}</Badge>
        {quotaLeft !== null && <Text bold>{t('commerce:quotaLeft', { count: quotaLeft })}</Text>}
      </>
    );
  } else if ('basic' in item && item.basic) shown = included ? <Badge>{t('commerce:basicIncluded')}</Badge> : <TakeBasicPass item={item} href={href} />;
  else {
    shown = (
      <ButtonLink href={href}>
        {upgrade ? t('commerce:upgrade') : t('commerce:buy')}
        <Hidden> {item.name}</Hidden>
      </ButtonLink>
    );
  }
  return (
    <OfferCard
      headingId={headingId}
      name={item.name}
      badge={badge}
      // spec §9: the price title is the base price with the period suffix; a fee is added on top.
      priceTitle={'basic' in item && item.basic ? t('commerce:free') : shop.priceTitle(item.base_price, item.offer, item.period)}
      fee={item.service_fee > 0 ? t('commerce:plusFee', { fee: shop.price(item.service_fee) }) : null}
      description={item.description}
      trial={trialDays > 0 ? t('common:freeTrial', { days: trialDays }) : null}
      action={shown}
    />
  );
}

/**
 * spec §2 "The basic pass is free": a registered viewer takes it in one press (a free total is paid
 * at once, without a card); a visitor goes through the checkout, which asks them to log in first.
 */
function TakeBasicPass({ item, href }: { item: Package; href: string }) {
  const { t } = useTranslation(['commerce', 'errors']);
  const errorText = useErrorText();
  const user = useAppSelector(selectUser);
  const shop = useShop();
  const dispatch = useAppDispatch();
  const [buy, state] = useBuyMutation();
  // One key per attempt: a second press while the first is on its way is the same purchase.
  const key = useRef<string | null>(null);
  if (!user) {
    return (
      <ButtonLink href={href}>
        {t('commerce:takeFree')}
        <Hidden> {item.name}</Hidden>
      </ButtonLink>
    );
  }
  const take = async () => {
    key.current ??= crypto.randomUUID();
    const result = await buy({ provider: shop.provider, body: { idempotency_key: key.current, type: 'package', package_id: item.id } });
    key.current = null;
    if ('data' in result) dispatch(invalidateAfterPurchase());
  };
  return (
    <>
      <Button onClick={() => void take()} loading={state.isLoading}>
        {t('commerce:takeFree')}
        <Hidden> {item.name}</Hidden>
      </Button>
      {state.error !== undefined && <FormMessage tone="error">{errorText(state.error)}</FormMessage>}
    </>
  );
}

const Hidden = styled.span`
  ${visuallyHidden}
`;
