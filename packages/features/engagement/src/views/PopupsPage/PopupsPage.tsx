import { type ConsolePopup, type CreatePopupBody, POPUP_TEXT_MAX, POPUP_TITLE_MAX, PopupAudience, PopupPage, type PopupOffer } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, Button, Checkbox, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCreatePopupMutation, useDeletePopupMutation, useGetPopupsQuery, useUpdatePopupMutation } from '../../engagementApi.ts';
import { errorField, useEngagementErrorText } from '../../errors.ts';
import { Card, Head, Row } from '../../layout.ts';

/** A `datetime-local` value (the operator's own clock) from an instant, and back. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

interface Draft {
  title: string;
  text: string;
  link: string;
  audience: PopupAudience;
  offer: string;
  pages: PopupPage[];
  startsAt: string;
  endsAt: string;
}

function draftOf(popup: ConsolePopup | null): Draft {
  if (!popup) {
    const now = Date.now();
    return { title: '', text: '', link: '', audience: 'visitors', offer: '', pages: ['home'], startsAt: toLocalInput(new Date(now).toISOString()), endsAt: toLocalInput(new Date(now + 7 * 86_400_000).toISOString()) };
  }
  return {
    title: popup.title,
    text: popup.text,
    link: popup.link ?? '',
    audience: popup.audience,
    offer: popup.offer ? `${popup.offer.type}:${popup.offer.id}` : '',
    pages: popup.pages,
    startsAt: toLocalInput(popup.startsAt),
    endsAt: toLocalInput(popup.endsAt),
  };
}

const LINK = /^(\/(?!\/)\S*|https:\/\/\S+)$/;

/** The popup's form: create, or edit the one given. Each field is checked before the server would, and a refusal names its field. */
function PopupForm({ popup, offers, onDone }: { popup: ConsolePopup | null; offers: PopupOffer[]; onDone(message: string): void }) {
  const { t } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const [create, created] = useCreatePopupMutation();
  const [update, updated] = useUpdatePopupMutation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(popup));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (name: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const found: Record<string, string> = {};
    if (draft.title.trim() === '') found.title = t('errors.required');
    else if (draft.title.trim().length > POPUP_TITLE_MAX) found.title = t('errors.tooLong', { max: POPUP_TITLE_MAX });
    if (draft.text.trim() === '') found.text = t('errors.required');
    else if (draft.text.trim().length > POPUP_TEXT_MAX) found.text = t('errors.tooLong', { max: POPUP_TEXT_MAX });
    if (draft.link.trim() !== '' && !LINK.test(draft.link.trim())) found.link = t('errors.link');
    if (draft.audience === 'holders' && draft.offer === '') found.offer = t('errors.OFFER_NOT_FOUND');
    if (draft.pages.length === 0) found.pages = t('errors.pages');
    const startsAt = fromLocalInput(draft.startsAt);
    const endsAt = fromLocalInput(draft.endsAt);
    if (!startsAt) found.startsAt = t('errors.required');
    if (!endsAt) found.endsAt = t('errors.required');
    else if (startsAt && endsAt <= startsAt) found.endsAt = t('errors.endBeforeStart');
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setFailure(t('popups.fixErrors'));
      focus(first === 'pages' ? `pages.${PopupPage.options[0]}` : first);
      return;
    }
    const [offerType, offerId] = draft.offer.split(':');
    const body: CreatePopupBody = {
      title: draft.title.trim(),
      text: draft.text.trim(),
      link: draft.link.trim() === '' ? null : draft.link.trim(),
      audience: draft.audience,
      offer: draft.audience === 'holders' ? { type: offerType as PopupOffer['type'], id: Number(offerId) } : null,
      pages: draft.pages,
      startsAt: startsAt!,
      endsAt: endsAt!,
    };
    const result = popup ? await update({ id: popup.id, body }) : await create(body);
    if (result.error) {
      const field = errorField(result.error);
      if (field && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`)) {
        setProblems({ [field]: errorText(result.error) });
        focus(field);
      }
      setFailure(errorText(result.error));
      return;
    }
    if (!popup) setDraft(draftOf(null));
    onDone(popup ? t('popups.saved') : t('popups.created'));
  };

  const offerOptions = offers.map((offer) => ({ value: `${offer.type}:${offer.id}`, label: offer.name }));
  return (
    <Stack as="form" ref={formRef} gap="sm" noValidate onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby={popup ? `popup-form-${popup.id}` : 'popup-form-new'}>
      <SectionTitle id={popup ? `popup-form-${popup.id}` : 'popup-form-new'} as={popup ? 'h3' : 'h2'}>
        {popup ? t('popups.editTitle', { title: popup.title }) : t('popups.newTitle')}
      </SectionTitle>
      <TextField label={t('popups.formTitle')} name="title" required maxLength={POPUP_TITLE_MAX} value={draft.title} error={problems.title || undefined} onChange={(e) => set('title', e.target.value)} />
      <TextArea label={t('popups.text')} name="text" required rows={3} maxLength={POPUP_TEXT_MAX} value={draft.text} error={problems.text || undefined} onChange={(e) => set('text', e.target.value)} />
      <TextField label={t('popups.link')} name="link" hint={t('popups.linkHint')} value={draft.link} error={problems.link || undefined} onChange={(e) => set('link', e.target.value)} />
      <Fields>
        <Select
          label={t('popups.audience')}
          name="audience"
          options={PopupAudience.options.map((value) => ({ value, label: t(`popups.audiences.${value}`) }))}
          value={draft.audience}
          onChange={(e) => set('audience', e.target.value as PopupAudience)}
        />
        {draft.audience === 'holders' && (
          <Select label={t('popups.offer')} name="offer" required placeholder={t('popups.chooseOffer')} options={offerOptions} value={draft.offer} error={problems.offer || undefined} onChange={(e) => set('offer', e.target.value)} />
        )}
        <TextField label={t('popups.startsAt')} name="startsAt" type="datetime-local" required value={draft.startsAt} error={problems.startsAt || undefined} onChange={(e) => set('startsAt', e.target.value)} />
        <TextField label={t('popups.endsAt')} name="endsAt" type="datetime-local" required value={draft.endsAt} error={problems.endsAt || undefined} onChange={(e) => set('endsAt', e.target.value)} />
      </Fields>
      <Pages aria-describedby={problems.pages ? `${popup?.id ?? 'new'}-pages-error` : undefined}>
        <legend>{t('popups.pages')}</legend>
        {PopupPage.options.map((page) => (
          <Checkbox
            key={page}
            name={`pages.${page}`}
            label={t(`popups.pageNames.${page}`)}
            checked={draft.pages.includes(page)}
            onChange={(e) => set('pages', e.target.checked ? [...draft.pages, page] : draft.pages.filter((p) => p !== page))}
          />
        ))}
        {problems.pages && <FieldError id={`${popup?.id ?? 'new'}-pages-error`}>{problems.pages}</FieldError>}
      </Pages>
      <Row>
        <Button type="submit" loading={created.isLoading || updated.isLoading}>
          {popup ? t('popups.save') : t('popups.create')}
        </Button>
        {popup && (
          <Button type="button" variant="secondary" onClick={() => onDone('')}>
            {t('popups.cancelEdit')}
          </Button>
        )}
      </Row>
      <FormMessage tone="error">{failure}</FormMessage>
    </Stack>
  );
}

function PopupItem({ popup, offers, onMessage }: { popup: ConsolePopup; offers: PopupOffer[]; onMessage(text: string): void }) {
  const { t, i18n } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeletePopupMutation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (editing) {
    return (
      <Card as="li">
        <PopupForm
          popup={popup}
          offers={offers}
          onDone={(message) => {
            setEditing(false);
            if (message) onMessage(message);
          }}
        />
      </Card>
    );
  }
  return (
    <Card as="li" aria-label={popup.title}>
      <Head>
        <strong>{popup.title}</strong>
        <Badge tone={popup.state === 'showing' ? 'live' : 'neutral'}>{t(`popups.states.${popup.state}`)}</Badge>
      </Head>
      <Text>{popup.text}</Text>
      <Text tone="muted" size="sm">
        {[
          popup.audience === 'holders' && popup.offer ? `${t('popups.audiences.holders')}: ${popup.offer.name}` : t(`popups.audiences.${popup.audience}`),
          popup.pages.map((page) => t(`popups.pageNames.${page}`)).join(', '),
          t('popups.when', { start: format.format(new Date(popup.startsAt)), end: format.format(new Date(popup.endsAt)) }),
          t('popups.dismissals', { count: popup.dismissals }),
        ].join(' · ')}
      </Text>
      <Row>
        <Button size="sm" variant="secondary" aria-label={t('popups.edit', { title: popup.title })} onClick={() => setEditing(true)}>
          {t('popups.editButton')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={removing.isLoading}
          aria-label={t('popups.delete', { title: popup.title })}
          onClick={() =>
            void remove(popup.id).then((result) => {
              if (!('error' in result)) onMessage(t('popups.deleted'));
            })
          }
        >
          {t('popups.deleteButton')}
        </Button>
      </Row>
      {removing.error && <FormMessage tone="error">{errorText(removing.error)}</FormMessage>}
    </Card>
  );
}

/**
 * `/console/popups` (owners and producers): the channel's announcements (spec §7) — title, text, an
 * optional link, who sees them (visitors, logged-in viewers, holders of an offer), on which pages and
 * when — created, edited and deleted; each shows once per viewer until dismissed.
 */
export function PopupsPage() {
  const { t } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const popups = useGetPopupsQuery();
  const [message, setMessage] = useState('');
  let body;
  if (popups.isLoading) body = <Loader label={t('loading')} />;
  else if (popups.isError || !popups.data) body = <ErrorPanel title={t('popups.errorTitle')} message={errorText(popups.error)} actionLabel={t('retry')} onAction={() => void popups.refetch()} />;
  else {
    const { offers } = popups.data;
    body = (
      <Stack gap="lg">
        <PopupForm popup={null} offers={offers} onDone={setMessage} />
        <FormMessage tone="success">{message}</FormMessage>
        <Stack as="section" gap="sm" aria-labelledby="popups-list-title">
          <SectionTitle id="popups-list-title">{t('popups.listTitle')}</SectionTitle>
          {popups.data.popups.length === 0 ? (
            <Text tone="muted">{t('popups.empty')}</Text>
          ) : (
            <List>
              {popups.data.popups.map((popup) => (
                <PopupItem key={popup.id} popup={popup} offers={offers} onMessage={setMessage} />
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('popups.title')}</PageTitle>
      <Text tone="muted">{t('popups.intro')}</Text>
      {body}
    </Stack>
  );
}

const Fields = styled.div`
  display: grid;
  gap: 0 var(--gs-space-md);
  align-items: start;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
`;

const Pages = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs) var(--gs-space-md);
  margin: 0;
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);

  legend {
    padding: 0 var(--gs-space-xs);
    font-weight: var(--gs-font-weight-medium);
  }
`;

const FieldError = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: var(--gs-danger);
  font-size: var(--gs-font-size-sm);
`;

const List = styled.ul`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;

