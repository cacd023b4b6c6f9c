import type { ConsoleOffersResponse, ConsolePackage, ConsoleSubscription } from '@grandstand/contract';
import { formatPrice, formatPriceTitle, useTranslation } from '@grandstand/i18n';
import { Badge, Button, ButtonRow, ErrorPanel, FormMessage, Item, ItemList, ItemText, Loader, PageTitle, Popup, SectionTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import { useGetConsoleOffersQuery, useSetPackageRetiredMutation, useSetSubscriptionRetiredMutation } from '../../offersApi.ts';
import { useOffersErrorText } from '../../errors.ts';
import { OfferForm, type OfferType } from './OfferForm.tsx';

interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

type Editing = { type: OfferType; offer: ConsolePackage | ConsoleSubscription | null } | null;
type Retiring = { type: OfferType; offer: ConsolePackage | ConsoleSubscription } | null;

function OfferItem({
  type,
  offer,
  options,
  onEdit,
  onRetire,
  onRestore,
}: {
  type: OfferType;
  offer: ConsolePackage | ConsoleSubscription;
  options: ConsoleOffersResponse;
  onEdit: () => void;
  onRetire: () => void;
  onRestore: () => void;
}) {
  const { t, i18n } = useTranslation('offers');
  const pkg = type === 'package' ? (offer as ConsolePackage) : null;
  const single = pkg?.kind === 'single';
  const billing = pkg ? pkg.billing : (offer as ConsoleSubscription).billing;
  const period = pkg ? pkg.period : (offer as ConsoleSubscription).period;
  const price = single ? t('preview.single') : formatPriceTitle({ amount: offer.price, currency: options.currency, language: i18n.language, offer: billing, period });
  const teams = pkg && pkg.kind === 'team_pass' ? pkg.teamIds.map((id) => options.teams.find((team) => team.id === id)?.name).filter(Boolean) : [];
  const categories = pkg ? pkg.categoryIds.map((id) => options.categories.find((category) => category.id === id)?.name).filter(Boolean) : [];
  const trial = pkg ? 0 : (offer as ConsoleSubscription).trialDays;
  return (
    <Item>
      <ItemText>
        <strong>{offer.name}</strong>
        <Text as="span" size="sm">
          {pkg ? t(`kinds.${pkg.kind}`) : t('kinds.subscription')} · {price}
          {offer.serviceFee > 0 && ` · ${t('preview.fee', { fee: formatPrice(offer.serviceFee, options.currency, i18n.language) })}`}
          {trial > 0 && ` · ${t('preview.trial', { days: trial })}`}
        </Text>
        {categories.length > 0 && (
          <Text as="span" size="sm" tone="muted">
            {t('list.categories', { names: categories.join(', ') })}
          </Text>
        )}
        {teams.length > 0 && (
          <Text as="span" size="sm" tone="muted">
            {t('list.teams', { names: teams.join(', ') })}
          </Text>
        )}
        {pkg?.basic && (
          <Text as="span" size="sm" tone="muted">
            {t('list.basic')}
          </Text>
        )}
        {pkg && pkg.quota !== null && (
          <Text as="span" size="sm" tone="muted">
            {t('list.quota', { count: pkg.quota })}
          </Text>
        )}
        {offer.capabilities.length > 0 && (
          <Text as="span" size="sm" tone="muted">
            {t('list.grants', { names: offer.capabilities.map((c) => t(`capabilities.${c}`)).join(', ') })}
          </Text>
        )}
        {/* A single event bought is the event's order, not the package's: no holders to count. */}
        {!single && (
          <Text as="span" size="sm" tone="muted">
            {t('list.holders', { count: offer.holders })}
          </Text>
        )}
      </ItemText>
      {offer.retiredAt !== null && <Badge>{t('list.retired')}</Badge>}
      <ButtonRow>
        <Button type="button" size="sm" variant="secondary" aria-label={t('list.editLabel', { name: offer.name })} onClick={onEdit}>
          {t('list.edit')}
        </Button>
        {offer.retiredAt === null ? (
          <Button type="button" size="sm" variant="secondary" aria-label={t('list.retireLabel', { name: offer.name })} onClick={onRetire}>
            {t('list.retire')}
          </Button>
        ) : (
          <Button type="button" size="sm" variant="secondary" aria-label={t('list.restoreLabel', { name: offer.name })} onClick={onRestore}>
            {t('list.restore')}
          </Button>
        )}
      </ButtonRow>
    </Item>
  );
}

/**
 * `/console/offers` (the channel's owners): the channel's packages (the single-event package,
 * category passes, team passes) and subscriptions, retired ones marked; each created or edited in
 * a form beside a preview of the card viewers see; retired (after a confirmation that says its
 * holders keep it) and restored.
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  const errorText = useOffersErrorText();
  const offers = useGetConsoleOffersQuery();
  const [setPackageRetired] = useSetPackageRetiredMutation();
  const [setSubscriptionRetired] = useSetSubscriptionRetiredMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [retiring, setRetiring] = useState<Retiring>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const setRetired = (type: OfferType, offer: ConsolePackage | ConsoleSubscription, retired: boolean) => {
    setRetiring(null);
    const call = type === 'package' ? setPackageRetired({ id: offer.id, retired }) : setSubscriptionRetired({ id: offer.id, retired });
    call
      .unwrap()
      .then(() => setOutcome({ tone: 'success', text: t(retired ? 'list.retiredDone' : 'list.restoredDone', { name: offer.name }) }))
      .catch((error: unknown) => setOutcome({ tone: 'error', text: errorText(error) }));
  };

  const open = (next: Editing) => {
    setOutcome(null);
    setEditing(next);
  };

  let body;
  if (offers.isLoading) body = <Loader label={t('loading')} />;
  else if (offers.isError || !offers.data) {
    body = <ErrorPanel title={t('errorTitle')} message={errorText(offers.error)} actionLabel={t('retry')} onAction={() => void offers.refetch()} />;
  } else {
    const data = offers.data;
    const list = (type: OfferType, items: ReadonlyArray<ConsolePackage | ConsoleSubscription>) =>
      items.length === 0 ? (
        <Text tone="muted">{t(type === 'package' ? 'list.noPackages' : 'list.noSubscriptions')}</Text>
      ) : (
        <ItemList aria-label={t(type === 'package' ? 'list.packages' : 'list.subscriptions')}>
          {items.map((offer) => (
            <OfferItem
              key={offer.id}
              type={type}
              offer={offer}
              options={data}
              onEdit={() => open({ type, offer })}
              onRetire={() => setRetiring({ type, offer })}
              onRestore={() => setRetired(type, offer, false)}
            />
          ))}
        </ItemList>
      );
    body = editing ? (
      <OfferForm
        key={`${editing.type}-${editing.offer?.id ?? 'new'}`}
        type={editing.type}
        offer={editing.offer}
        options={data}
        onCancel={() => setEditing(null)}
        onDone={(text) => {
          setEditing(null);
          setOutcome({ tone: 'success', text });
        }}
      />
    ) : (
      <>
        <ButtonRow>
          <Button type="button" onClick={() => open({ type: 'package', offer: null })}>
            {t('list.newPackage')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => open({ type: 'subscription', offer: null })}>
            {t('list.newSubscription')}
          </Button>
        </ButtonRow>
        <Stack as="section" aria-labelledby="offers-packages" gap="sm">
          <SectionTitle id="offers-packages">{t('list.packages')}</SectionTitle>
          {list('package', data.packages)}
        </Stack>
        <Stack as="section" aria-labelledby="offers-subscriptions" gap="sm">
          <SectionTitle id="offers-subscriptions">{t('list.subscriptions')}</SectionTitle>
          {list('subscription', data.subscriptions)}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      <Text tone="muted">{t('intro')}</Text>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      {body}
      <Popup
        open={retiring !== null}
        title={retiring ? t('list.confirmRetire', { name: retiring.offer.name }) : ''}
        message={retiring ? t('list.confirmRetireMessage', { count: retiring.offer.holders }) : ''}
        okLabel={t('list.retire')}
        cancelLabel={t('list.goBack')}
        onOk={() => retiring && setRetired(retiring.type, retiring.offer, true)}
        onCancel={() => setRetiring(null)}
      />
    </Stack>
  );
}
