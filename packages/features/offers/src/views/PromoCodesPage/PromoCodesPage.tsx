import type { ConsoleOffersResponse, ConsolePromoCode, PromoAppliesTo } from '@grandstand/contract';
import { PROMO_CODE_PATTERN } from '@grandstand/contract';
import { formatPrice, useTranslation } from '@grandstand/i18n';
import { Button, ButtonRow, Checkbox, ErrorPanel, FormMessage, Item, ItemList, ItemText, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useId, useState, type FormEvent } from 'react';
import { useCreatePromoCodeMutation, useGetConsoleOffersQuery, useGetPromoCodesQuery, useUpdatePromoCodeMutation } from '../../offersApi.ts';
import { useOffersErrorText } from '../../errors.ts';
import { useFormProblems } from '../../formProblems.ts';
import { ChoiceList } from '../../layout.tsx';

const APPLIES_TO: readonly PromoAppliesTo[] = ['all', 'event', 'package', 'subscription', 'offers'];

/** `2026-12-06T18:30` on the operator's clock, as a datetime-local field shows it. */
function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the operator's clock) as an instant; undefined when it is not a date. */
function fromLocalInput(text: string): string | null | undefined {
  if (text.trim() === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  appliesTo: PromoAppliesTo;
  packageIds: number[];
  subscriptionIds: number[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  perViewer: string;
}

function draftOf(code: ConsolePromoCode | null): Draft {
  if (!code) return { code: '', kind: 'percent', value: '', appliesTo: 'all', packageIds: [], subscriptionIds: [], validFrom: '', validUntil: '', maxUses: '', perViewer: '' };
  return {
    code: code.code,
    kind: code.percentOff !== null ? 'percent' : 'amount',
    value: String(code.percentOff ?? code.amountOff ?? ''),
    appliesTo: code.appliesTo,
    packageIds: code.packageIds,
    subscriptionIds: code.subscriptionIds,
    validFrom: toLocalInput(code.validFrom),
    validUntil: toLocalInput(code.validUntil),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    perViewer: code.perViewer === null ? '' : String(code.perViewer),
  };
}

/** A limit typed in a field: null when empty (no limit), undefined when it is no whole number from 1. */
function parseLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

function PromoForm({ code, offers, onDone, onCancel }: { code: ConsolePromoCode | null; offers: ConsoleOffersResponse; onDone: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('offers');
  const [draft, setDraft] = useState<Draft>(() => draftOf(code));
  const { problems, setProblems, formError, formRef, found: showFound, refused } = useFormProblems();
  const [create, creating] = useCreatePromoCodeMutation();
  const [update, updating] = useUpdatePromoCodeMutation();
  const headingId = useId();
  const editing = code !== null;
  const valueField = draft.kind === 'percent' ? 'percentOff' : 'amountOff';

  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const toggle = (list: readonly number[], id: number, on: boolean) => (on ? [...list.filter((v) => v !== id), id] : list.filter((v) => v !== id));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!editing && !PROMO_CODE_PATTERN.test(draft.code.trim())) found.code = t('promo.errors.code');
    const value = Number(draft.value.trim().replace(',', '.'));
    if (draft.value.trim() === '' || !Number.isFinite(value) || value <= 0 || (draft.kind === 'percent' && (!Number.isInteger(value) || value > 100))) {
      found[valueField] = t(draft.kind === 'percent' ? 'promo.errors.percent' : 'promo.errors.amount');
    }
    if (draft.appliesTo === 'offers' && draft.packageIds.length + draft.subscriptionIds.length === 0) found.packageIds = t('promo.errors.offers');
    const validFrom = fromLocalInput(draft.validFrom);
    const validUntil = fromLocalInput(draft.validUntil);
    if (validFrom === undefined) found.validFrom = t('promo.errors.date');
    if (validUntil === undefined) found.validUntil = t('promo.errors.date');
    else if (validFrom && validUntil && validUntil <= validFrom) found.validUntil = t('promo.errors.order');
    const maxUses = parseLimit(draft.maxUses);
    const perViewer = parseLimit(draft.perViewer);
    if (maxUses === undefined) found.maxUses = t('promo.errors.limit');
    if (perViewer === undefined) found.perViewer = t('promo.errors.limit');
    if (showFound(found)) return;
    const chosen = draft.appliesTo === 'offers';
    const body = {
      percentOff: draft.kind === 'percent' ? value : null,
      amountOff: draft.kind === 'amount' ? value : null,
      appliesTo: draft.appliesTo,
      packageIds: chosen ? draft.packageIds : [],
      subscriptionIds: chosen ? draft.subscriptionIds : [],
      validFrom: validFrom ?? null,
      validUntil: validUntil ?? null,
      maxUses: maxUses ?? null,
      perViewer: perViewer ?? null,
    };
    try {
      const saved = editing ? await update({ id: code.id, body }).unwrap() : await create({ ...body, code: draft.code.trim() }).unwrap();
      onDone(t(editing ? 'promo.saved' : 'promo.created', { code: saved.code }));
    } catch (error) {
      refused(error);
    }
  };

  const passes = offers.packages.filter((p) => p.kind !== 'single');
  return (
    <Stack as="section" aria-labelledby={headingId} gap="md">
      <SectionTitle id={headingId}>{editing ? t('promo.edit', { code: code.code }) : t('promo.new')}</SectionTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
        <Stack gap="sm">
          <TextField
            label={t('promo.code')}
            name="code"
            required
            autoComplete="off"
            spellCheck={false}
            readOnly={editing}
            hint={t(editing ? 'promo.codeFixed' : 'promo.codeHint')}
            value={draft.code}
            error={problems.code}
            onChange={(event) => set({ code: event.target.value })}
          />
          <Select
            label={t('promo.discount')}
            name="kind"
            value={draft.kind}
            options={[
              { value: 'percent', label: t('promo.percent') },
              { value: 'amount', label: t('promo.amount') },
            ]}
            onChange={(event) => set({ kind: event.target.value === 'amount' ? 'amount' : 'percent' })}
          />
          <TextField
            label={t(draft.kind === 'percent' ? 'promo.percentOff' : 'promo.amountOff')}
            name={valueField}
            required
            inputMode="decimal"
            hint={draft.kind === 'amount' ? t('promo.amountHint', { currency: offers.currency }) : t('promo.percentHint')}
            value={draft.value}
            error={problems[valueField]}
            onChange={(event) => set({ value: event.target.value })}
          />
          <Select
            label={t('promo.appliesTo')}
            name="appliesTo"
            value={draft.appliesTo}
            options={APPLIES_TO.map((value) => ({ value, label: t(`promo.applies.${value}`) }))}
            onChange={(event) => set({ appliesTo: event.target.value as PromoAppliesTo })}
          />
          {draft.appliesTo === 'offers' && (
            <ChoiceList legend={t('promo.offers')} error={problems.packageIds ?? problems.subscriptionIds} name="packageIds">
              {passes.map((pass) => (
                <Checkbox key={`p${pass.id}`} label={pass.name} name="packageIds" checked={draft.packageIds.includes(pass.id)} onChange={(event) => set({ packageIds: toggle(draft.packageIds, pass.id, event.target.checked) })} />
              ))}
              {offers.subscriptions.map((sub) => (
                <Checkbox
                  key={`s${sub.id}`}
                  label={sub.name}
                  name="subscriptionIds"
                  checked={draft.subscriptionIds.includes(sub.id)}
                  onChange={(event) => set({ subscriptionIds: toggle(draft.subscriptionIds, sub.id, event.target.checked) })}
                />
              ))}
            </ChoiceList>
          )}
          <TextField label={t('promo.validFrom')} name="validFrom" type="datetime-local" hint={t('promo.validFromHint')} value={draft.validFrom} error={problems.validFrom} onChange={(event) => set({ validFrom: event.target.value })} />
          <TextField label={t('promo.validUntil')} name="validUntil" type="datetime-local" hint={t('promo.validUntilHint')} value={draft.validUntil} error={problems.validUntil} onChange={(event) => set({ validUntil: event.target.value })} />
          <TextField label={t('promo.maxUses')} name="maxUses" inputMode="numeric" hint={t('promo.noLimitHint')} value={draft.maxUses} error={problems.maxUses} onChange={(event) => set({ maxUses: event.target.value })} />
          <TextField label={t('promo.perViewer')} name="perViewer" inputMode="numeric" hint={t('promo.noLimitHint')} value={draft.perViewer} error={problems.perViewer} onChange={(event) => set({ perViewer: event.target.value })} />
          <FormMessage tone="error">{formError}</FormMessage>
          <ButtonRow>
            <Button type="submit" loading={creating.isLoading || updating.isLoading}>
              {t(editing ? 'promo.save' : 'promo.create')}
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          </ButtonRow>
        </Stack>
      </form>
    </Stack>
  );
}

/** `now`: when the page opened, which a code's state (ended, not yet usable) is told against. */
function CodeItem({ code, offers, now, onEdit }: { code: ConsolePromoCode; offers: ConsoleOffersResponse; now: number; onEdit: () => void }) {
  const { t, i18n } = useTranslation('offers');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const discount = code.percentOff !== null ? t('promo.percentLabel', { percent: code.percentOff }) : t('promo.amountLabel', { amount: formatPrice(code.amountOff ?? 0, offers.currency, i18n.language) });
  const names = [
    ...code.packageIds.map((id) => offers.packages.find((p) => p.id === id)?.name),
    ...code.subscriptionIds.map((id) => offers.subscriptions.find((s) => s.id === id)?.name),
  ].filter(Boolean);
  const appliesTo = code.appliesTo === 'offers' ? names.join(', ') : t(`promo.applies.${code.appliesTo}`);
  const ended = code.validUntil !== null && Date.parse(code.validUntil) <= now;
  const notYet = code.validFrom !== null && Date.parse(code.validFrom) > now;
  const usedUp = code.maxUses !== null && code.uses >= code.maxUses;
  return (
    <Item>
      <ItemText>
        <strong>{code.code}</strong>
        <Text as="span" size="sm">
          {discount} · {appliesTo}
        </Text>
        <Text as="span" size="sm" tone="muted">
          {code.maxUses === null ? t('promo.uses', { count: code.uses }) : t('promo.usesOf', { count: code.uses, max: code.maxUses })}
          {code.perViewer !== null && ` · ${t('promo.perViewerLabel', { count: code.perViewer })}`}
        </Text>
        {(code.validFrom !== null || code.validUntil !== null) && (
          <Text as="span" size="sm" tone="muted">
            {code.validFrom !== null && t('promo.from', { date: dates.format(new Date(code.validFrom)) })}
            {code.validFrom !== null && code.validUntil !== null && ' · '}
            {code.validUntil !== null && t('promo.until', { date: dates.format(new Date(code.validUntil)) })}
          </Text>
        )}
        <Text as="span" size="sm" tone="muted">
          {t(ended ? 'promo.state.ended' : notYet ? 'promo.state.notYet' : usedUp ? 'promo.state.usedUp' : 'promo.state.active')}
        </Text>
      </ItemText>
      <Button type="button" size="sm" variant="secondary" aria-label={t('promo.editLabel', { code: code.code })} onClick={onEdit}>
        {t('list.edit')}
      </Button>
    </Item>
  );
}

/**
 * `/console/promo-codes` (the channel's owners): the channel's codes with their discount, what they
 * are good for, their dates, their limits and how often they were used; each created or edited in a
 * form (the code itself stays as viewers have it written down). Ending a code is giving it an end.
 */
export function PromoCodesPage() {
  const { t } = useTranslation('offers');
  const errorText = useOffersErrorText();
  const codes = useGetPromoCodesQuery();
  const offers = useGetConsoleOffersQuery();
  const [editing, setEditing] = useState<{ code: ConsolePromoCode | null } | null>(null);
  const [outcome, setOutcome] = useState('');
  const [now] = useState(() => Date.now());

  let body;
  if (codes.isLoading || offers.isLoading) body = <Loader label={t('loading')} />;
  else if (codes.isError || offers.isError || !codes.data || !offers.data) {
    body = (
      <ErrorPanel
        title={t('promo.errorTitle')}
        message={errorText(codes.error ?? offers.error)}
        actionLabel={t('retry')}
        onAction={() => {
          void codes.refetch();
          void offers.refetch();
        }}
      />
    );
  } else if (editing) {
    body = (
      <PromoForm
        key={editing.code?.id ?? 'new'}
        code={editing.code}
        offers={offers.data}
        onCancel={() => setEditing(null)}
        onDone={(text) => {
          setEditing(null);
          setOutcome(text);
        }}
      />
    );
  } else {
    const data = offers.data;
    body = (
      <>
        <ButtonRow>
          <Button
            type="button"
            onClick={() => {
              setOutcome('');
              setEditing({ code: null });
            }}
          >
            {t('promo.new')}
          </Button>
        </ButtonRow>
        {codes.data.length === 0 ? (
          <Text tone="muted">{t('promo.empty')}</Text>
        ) : (
          <ItemList aria-label={t('promo.list')}>
            {codes.data.map((code) => (
              <CodeItem
                key={code.id}
                code={code}
                offers={data}
                now={now}
                onEdit={() => {
                  setOutcome('');
                  setEditing({ code });
                }}
              />
            ))}
          </ItemList>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>{t('promo.title')}</PageTitle>
      <Text tone="muted">{t('promo.intro')}</Text>
      <FormMessage tone="success">{outcome}</FormMessage>
      {body}
    </Stack>
  );
}
