import type { ConsoleOffersResponse, ConsolePackage, ConsoleSubscription, OfferCapability, PackageKind } from '@grandstand/contract';
import { formatPrice, formatPriceTitle, useTranslation } from '@grandstand/i18n';
import { Badge, Button, ButtonRow, Checkbox, FormMessage, OfferCard, SectionTitle, Select, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useId, useState, type FormEvent } from 'react';
import { useCreatePackageMutation, useCreateSubscriptionMutation, useUpdatePackageMutation, useUpdateSubscriptionMutation } from '../../offersApi.ts';
import { useFormProblems } from '../../formProblems.ts';
import { ChoiceList, FormGrid, PreviewFrame, Wide } from '../../layout.tsx';

export type OfferType = 'package' | 'subscription';
const CAPABILITIES: readonly OfferCapability[] = ['vod_media', 'no_ads', 'download'];

/** The form's values as typed (numbers as text, so a half-typed price stays as typed). */
interface Draft {
  kind: PackageKind;
  name: string;
  description: string;
  price: string;
  serviceFee: string;
  billing: 'month' | 'annual';
  period: string;
  trialDays: string;
  categoryIds: number[];
  teamIds: number[];
  capabilities: OfferCapability[];
  /** spec §2: the channel's free basic pass. */
  basic: boolean;
  /** spec §6 quota: games of the viewer's choosing; empty for every game of the pass. */
  quota: string;
  weight: string;
}

function draftOf(type: OfferType, offer: ConsolePackage | ConsoleSubscription | null): Draft {
  const blank: Draft = { kind: 'category', name: '', description: '', price: '', serviceFee: '0', billing: 'month', period: '1', trialDays: '0', categoryIds: [], teamIds: [], capabilities: [], basic: false, quota: '', weight: '0' };
  if (!offer) return blank;
  const common = { ...blank, name: offer.name, description: offer.description ?? '', price: String(offer.price), serviceFee: String(offer.serviceFee), capabilities: offer.capabilities, weight: String(offer.weight) };
  if (type === 'subscription') {
    const sub = offer as ConsoleSubscription;
    return { ...common, billing: sub.billing === 'annual' ? 'annual' : 'month', period: String(sub.period), trialDays: String(sub.trialDays) };
  }
  const pkg = offer as ConsolePackage;
  return { ...common, kind: pkg.kind, billing: pkg.billing ?? 'month', period: String(pkg.period ?? 1), categoryIds: pkg.categoryIds, teamIds: pkg.teamIds, basic: pkg.basic, quota: pkg.quota === null ? '' : String(pkg.quota) };
}

/** A number typed in a field, or undefined when it is not one (the field is then named). */
function parseNumber(text: string): number | undefined {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

export interface OfferFormProps {
  type: OfferType;
  /** The offer edited; null for a new one. */
  offer: ConsolePackage | ConsoleSubscription | null;
  options: ConsoleOffersResponse;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * A package's or subscription's form, beside a preview of the card viewers will see, which follows
 * every keystroke. A price change is for new buyers: the form says so when holders exist. A field
 * the server refuses is named on that field and takes the focus.
 */
export function OfferForm({ type, offer, options, onDone, onCancel }: OfferFormProps) {
  const { t, i18n } = useTranslation('offers');
  const [draft, setDraft] = useState<Draft>(() => draftOf(type, offer));
  const { problems, setProblems, formError, formRef, found: showFound, refused } = useFormProblems();
  const [createPackage, creatingPackage] = useCreatePackageMutation();
  const [updatePackage, updatingPackage] = useUpdatePackageMutation();
  const [createSubscription, creatingSubscription] = useCreateSubscriptionMutation();
  const [updateSubscription, updatingSubscription] = useUpdateSubscriptionMutation();
  const saving = creatingPackage.isLoading || updatingPackage.isLoading || creatingSubscription.isLoading || updatingSubscription.isLoading;
  const headingId = useId();
  const previewId = useId();

  const isPackage = type === 'package';
  const single = isPackage && draft.kind === 'single';
  const editing = offer !== null;
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };
  const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (draft.name.trim() === '') found.name = t('form.errors.required');
    // spec §2: the basic pass is free.
    const basic = isPackage && !single && draft.basic;
    const price = single || basic ? 0 : parseNumber(draft.price);
    const serviceFee = single || basic ? 0 : parseNumber(draft.serviceFee);
    const quota = draft.quota.trim() === '' ? null : parseNumber(draft.quota);
    const period = parseNumber(draft.period);
    const trialDays = parseNumber(draft.trialDays);
    const weight = parseNumber(draft.weight);
    if (price === undefined || price < 0) found.price = t('form.errors.amount');
    if (serviceFee === undefined || serviceFee < 0) found.serviceFee = t('form.errors.amount');
    if (!single && (period === undefined || !Number.isInteger(period) || period < 1)) found.period = t('form.errors.wholeNumber');
    if (!isPackage && (trialDays === undefined || !Number.isInteger(trialDays) || trialDays < 0)) found.trialDays = t('form.errors.wholeNumber');
    if (weight === undefined || !Number.isInteger(weight)) found.weight = t('form.errors.wholeNumber');
    if (isPackage && !single && quota !== null && (quota === undefined || !Number.isInteger(quota) || quota < 1)) found.quota = t('form.errors.wholeNumber');
    // A pass granting only capabilities (premium videos, no ads) needs no category.
    if (isPackage && draft.kind === 'category' && draft.categoryIds.length === 0 && (draft.capabilities.length === 0 || quota !== null)) found.categoryIds = t('form.errors.category');
    if (isPackage && draft.kind === 'team_pass' && draft.teamIds.length === 0) found.teamIds = t('form.errors.team');
    if (showFound(found)) return;
    const shared = {
      name: draft.name.trim(),
      description: draft.description.trim() === '' ? null : draft.description.trim(),
      price: price!,
      serviceFee: serviceFee!,
      capabilities: draft.capabilities,
      weight: weight!,
    };
    try {
      if (isPackage) {
        const body = {
          ...shared,
          categoryIds: single ? [] : draft.categoryIds,
          teamIds: draft.kind === 'team_pass' ? draft.teamIds : [],
          billing: single ? null : draft.billing,
          period: single ? null : period!,
          basic,
          quota: single ? null : (quota ?? null),
        };
        const saved = editing ? await updatePackage({ id: offer.id, body }).unwrap() : await createPackage({ ...body, kind: draft.kind }).unwrap();
        onDone(t(editing ? 'form.saved' : 'form.created', { name: saved.name }));
      } else {
        const body = { ...shared, billing: draft.billing === 'annual' ? ('annual' as const) : ('monthly' as const), period: period!, trialDays: trialDays! };
        const saved = editing ? await updateSubscription({ id: offer.id, body }).unwrap() : await createSubscription(body).unwrap();
        onDone(t(editing ? 'form.saved' : 'form.created', { name: saved.name }));
      }
    } catch (error) {
      refused(error);
    }
  };

  const currency = options.currency;
  const previewPrice = parseNumber(draft.price) ?? 0;
  const previewFee = parseNumber(draft.serviceFee) ?? 0;
  // The card as viewers will see it: the basic pass free, a quota pass with its games.
  const previewBasic = isPackage && !single && draft.basic;
  const typedQuota = parseNumber(draft.quota);
  const previewQuota = isPackage && !single && typedQuota !== undefined && Number.isInteger(typedQuota) && typedQuota > 0 ? typedQuota : undefined;
  const previewTrial = parseNumber(draft.trialDays) ?? 0;
  const billingPeriod = isPackage ? draft.billing : draft.billing === 'annual' ? 'annual' : 'monthly';
  const holders = offer?.holders ?? 0;
  const title = editing ? t(isPackage ? 'form.editPackage' : 'form.editSubscription', { name: offer.name }) : t(isPackage ? 'form.newPackage' : 'form.newSubscription');

  return (
    <Stack as="section" aria-labelledby={headingId} gap="md">
      <SectionTitle id={headingId}>{title}</SectionTitle>
      {editing && holders > 0 && <Text tone="muted">{t('form.priceLock', { count: holders })}</Text>}
      <FormGrid>
        <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
          <Stack gap="sm">
            {isPackage && !editing && (
              <Select
                label={t('form.kind')}
                name="kind"
                value={draft.kind}
                options={(['single', 'category', 'team_pass'] as const).map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
                onChange={(event) => set({ kind: event.target.value as PackageKind })}
                hint={t(`form.kindHint.${draft.kind}`)}
              />
            )}
            <TextField label={t('form.name')} name="name" required autoComplete="off" value={draft.name} error={problems.name} onChange={(event) => set({ name: event.target.value })} />
            <TextArea label={t('form.description')} name="description" rows={3} value={draft.description} error={problems.description} onChange={(event) => set({ description: event.target.value })} />
            {isPackage && !single && (
              <Checkbox label={t('form.basic')} hint={t('form.basicHint')} name="basic" checked={draft.basic} onChange={(event) => set({ basic: event.target.checked })} />
            )}
            {!single && (
              <>
                {!(isPackage && draft.basic) && (
                  <>
                <TextField
                  label={t('form.price')}
                  name="price"
                  required
                  inputMode="decimal"
                  hint={t('form.priceHint', { currency })}
                  value={draft.price}
                  error={problems.price}
                  onChange={(event) => set({ price: event.target.value })}
                />
                <TextField label={t('form.serviceFee')} name="serviceFee" inputMode="decimal" value={draft.serviceFee} error={problems.serviceFee} onChange={(event) => set({ serviceFee: event.target.value })} />
                  </>
                )}
                <Select
                  label={t('form.billing')}
                  name="billing"
                  value={draft.billing}
                  options={[
                    { value: 'month', label: t('form.billingMonth') },
                    { value: 'annual', label: t('form.billingYear') },
                  ]}
                  error={problems.billing}
                  onChange={(event) => set({ billing: event.target.value === 'annual' ? 'annual' : 'month' })}
                />
                <TextField
                  label={t('form.period')}
                  name="period"
                  inputMode="numeric"
                  hint={t(isPackage ? 'form.periodHintPass' : 'form.periodHintSubscription')}
                  value={draft.period}
                  error={problems.period}
                  onChange={(event) => set({ period: event.target.value })}
                />
              </>
            )}
            {isPackage && !single && (
              <TextField label={t('form.quota')} name="quota" inputMode="numeric" hint={t('form.quotaHint')} value={draft.quota} error={problems.quota} onChange={(event) => set({ quota: event.target.value })} />
            )}
            {single && <Text tone="muted">{t('form.singleHint')}</Text>}
            {!isPackage && (
              <TextField label={t('form.trialDays')} name="trialDays" inputMode="numeric" hint={t('form.trialHint')} value={draft.trialDays} error={problems.trialDays} onChange={(event) => set({ trialDays: event.target.value })} />
            )}
            {isPackage && !single && (
              <ChoiceList legend={draft.kind === 'team_pass' ? t('form.categoriesOptional') : t('form.categories')} error={problems.categoryIds} name="categoryIds">
                {options.categories.map((category) => (
                  <Checkbox
                    key={category.id}
                    label={category.name}
                    name="categoryIds"
                    checked={draft.categoryIds.includes(category.id)}
                    onChange={(event) => set({ categoryIds: toggle(draft.categoryIds, category.id, event.target.checked) })}
                  />
                ))}
              </ChoiceList>
            )}
            {isPackage && draft.kind === 'team_pass' && (
              <ChoiceList legend={t('form.teams')} error={problems.teamIds} name="teamIds">
                {options.teams.map((team) => (
                  <Checkbox key={team.id} label={team.name} name="teamIds" checked={draft.teamIds.includes(team.id)} onChange={(event) => set({ teamIds: toggle(draft.teamIds, team.id, event.target.checked) })} />
                ))}
              </ChoiceList>
            )}
            <ChoiceList legend={t('form.capabilities')} error={problems.capabilities} name="capabilities">
              {CAPABILITIES.map((capability) => (
                <Checkbox
                  key={capability}
                  label={t(`capabilities.${capability}`)}
                  name="capabilities"
                  checked={draft.capabilities.includes(capability)}
                  onChange={(event) => set({ capabilities: toggle(draft.capabilities, capability, event.target.checked) })}
                />
              ))}
            </ChoiceList>
            <TextField label={t('form.weight')} name="weight" inputMode="numeric" hint={t('form.weightHint')} value={draft.weight} error={problems.weight} onChange={(event) => set({ weight: event.target.value })} />
            <FormMessage tone="error">{formError}</FormMessage>
            <ButtonRow>
              <Button type="submit" loading={saving}>
                {t(editing ? (isPackage ? 'form.savePackage' : 'form.saveSubscription') : isPackage ? 'form.createPackage' : 'form.createSubscription')}
              </Button>
              <Button type="button" variant="secondary" onClick={onCancel}>
                {t('form.cancel')}
              </Button>
            </ButtonRow>
          </Stack>
        </form>
        <Wide as="section" aria-labelledby={previewId}>
          <SectionTitle as="h3" id={previewId}>
            {t('preview.title')}
          </SectionTitle>
          <Text size="sm" tone="muted">
            {t('preview.hint')}
          </Text>
          <PreviewFrame>
            <OfferCard
              as="div"
              headingId={`${previewId}-card`}
              name={draft.name.trim() || t('preview.unnamed')}
              badge={isPackage && draft.kind === 'team_pass' ? t('preview.teamPass') : previewBasic ? t('preview.basic') : previewQuota !== undefined ? t('preview.quota', { count: previewQuota }) : null}
              priceTitle={single ? t('preview.single') : previewBasic ? t('preview.free') : formatPriceTitle({ amount: previewPrice, currency, language: i18n.language, offer: billingPeriod, period: parseNumber(draft.period) ?? 1 })}
              fee={!single && !previewBasic && previewFee > 0 ? t('preview.fee', { fee: formatPrice(previewFee, currency, i18n.language) }) : null}
              description={draft.description.trim() || null}
              trial={!isPackage && previewTrial > 0 ? t('preview.trial', { days: previewTrial }) : null}
              action={<Badge tone="primary">{previewBasic ? t('preview.takeFree') : t('preview.buy')}</Badge>}
            />
          </PreviewFrame>
        </Wide>
      </FormGrid>
    </Stack>
  );
}
