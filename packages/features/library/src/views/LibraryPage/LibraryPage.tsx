import type { LibraryItem, LibraryLanguage, LibraryRail, LibraryResponse } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Card, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Select, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLibraryErrorText } from '../../errors.ts';
import {
  frameUrl,
  useCreateLibraryRailMutation,
  useDeleteLibraryRailMutation,
  useGetLibraryQuery,
  useOrderLibraryRailsMutation,
  useSetLibraryPosterMutation,
  useUpdateLibraryItemMutation,
  useUpdateLibraryRailMutation,
} from '../../libraryApi.ts';
import { SortableList } from '../../Sortable.tsx';
import { Uploader } from '../../Uploader.tsx';

/** While a video is processed, its progress is asked for this often. */
const PROGRESS_POLL_MS = 2000;
const LANGUAGES: readonly LibraryLanguage[] = ['en', 'fr'];
const MIB = 1024 * 1024;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--gs-space-md);
`;

const Poster = styled.img`
  width: 12rem;
  max-width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: var(--gs-radius-sm);
  background: var(--gs-border);
`;

const Frames = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  border: 0;
  padding: 0;
  margin: 0;
  label {
    display: grid;
    gap: var(--gs-space-xxs);
  }
  img {
    width: 8rem;
    aspect-ratio: 16 / 9;
    border-radius: var(--gs-radius-sm);
  }
`;

/** `YYYY-MM-DDTHH:mm` on the operator's clock from an instant, for a datetime-local field. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function titleOf(item: LibraryItem, language: LibraryLanguage): string {
  return item.texts[language]?.title ?? Object.values(item.texts)[0]?.title ?? `#${item.id}`;
}

function StatusLine({ item }: { item: LibraryItem }) {
  const { t, i18n } = useTranslation('library');
  // The page's clock when it rendered this line: enough to say "published" or "publishes".
  const [now] = useState(() => Date.now());
  if (item.status === 'processing') {
    return (
      <Stack gap="xxs">
        <progress max={100} value={item.progress} aria-label={t('items.processing', { percent: item.progress })} />
        <Text size="sm">{t('items.processing', { percent: item.progress })}</Text>
      </Stack>
    );
  }
  if (item.status === 'failed') return <Text>{t('items.failed', { reason: item.failureReason ?? '' })}</Text>;
  const date = item.publishedAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.publishedAt)) : null;
  const published = item.publishedAt !== null && new Date(item.publishedAt).getTime() <= now;
  return <Text size="sm">{[t('items.ready'), date === null ? t('items.draft') : published ? t('items.published', { date }) : t('items.scheduled', { date })].join(' · ')}</Text>;
}

function PosterPicker({ item, title }: { item: LibraryItem; title: string }) {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [setPoster, { isLoading }] = useSetLibraryPosterMutation();
  const [frame, setFrame] = useState(2);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const send = async (body: { frame: number } | { image: string }) => {
    const result = await setPoster({ id: item.id, body });
    setOutcome(result.error ? { tone: 'error', text: errorText(result.error) } : { tone: 'success', text: t('posters.changed') });
  };
  const picture = async (file: File | undefined) => {
    if (!file) return;
    const image = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsDataURL(file);
    });
    await send({ image });
  };
  return (
    <Stack gap="sm">
      <Frames>
        <legend>{t('posters.title')}</legend>
        {Array.from({ length: item.frames }, (_, i) => i + 1).map((number) => (
          <label key={number}>
            <img src={frameUrl(item.id, number)} alt="" loading="lazy" />
            <span>
              <input type="radio" name={`frame-${item.id}`} checked={frame === number} onChange={() => setFrame(number)} /> {t('posters.frame', { number })}
            </span>
          </label>
        ))}
      </Frames>
      {item.frames > 0 && (
        <div>
          <Button type="button" variant="secondary" size="sm" loading={isLoading} onClick={() => void send({ frame })} aria-label={`${t('posters.useFrame')}: ${title}`}>
            {t('posters.useFrame')}
          </Button>
        </div>
      )}
      <label htmlFor={`poster-${item.id}`}>{t('posters.file')}</label>
      <input id={`poster-${item.id}`} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void picture(event.target.files?.[0])} />
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
    </Stack>
  );
}

function ItemForm({ item, library }: { item: LibraryItem; library: LibraryResponse }) {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [update, { isLoading }] = useUpdateLibraryItemMutation();
  const [texts, setTexts] = useState(() => Object.fromEntries(LANGUAGES.map((lang) => [lang, { title: item.texts[lang]?.title ?? '', description: item.texts[lang]?.description ?? '' }])));
  const [categoryId, setCategoryId] = useState(item.categoryId === null ? '' : String(item.categoryId));
  const [access, setAccess] = useState(item.access);
  const [date, setDate] = useState(item.date);
  const [publishAt, setPublishAt] = useState(localInput(item.publishedAt));
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const title = titleOf(item, library.language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if ((texts[library.language]?.title ?? '').trim() === '') {
      setProblem(t('form.required'));
      setOutcome({ tone: 'error', text: t('form.fixErrors') });
      return;
    }
    setProblem(null);
    const written = Object.fromEntries(
      LANGUAGES.filter((lang) => (texts[lang]?.title ?? '').trim() !== '').map((lang) => [lang, { title: texts[lang]!.title.trim(), description: texts[lang]!.description.trim() === '' ? null : texts[lang]!.description.trim() }]),
    );
    const result = await update({
      id: item.id,
      body: { texts: written, categoryId: categoryId === '' ? null : Number(categoryId), access, date, publishedAt: publishAt === '' ? null : new Date(publishAt).toISOString() },
    });
    setOutcome(result.error ? { tone: 'error', text: errorText(result.error) } : { tone: 'success', text: t('form.saved') });
  };

  return (
    <Stack as="form" gap="sm" noValidate onSubmit={(event: FormEvent) => void submit(event)} aria-label={t('items.edit', { title })}>
      {LANGUAGES.map((lang) => (
        <Stack gap="xs" key={lang}>
          <TextField
            label={t('form.titleIn', { language: t(`languages.${lang}`) })}
            name={`texts.${lang}.title`}
            required={lang === library.language}
            value={texts[lang]?.title ?? ''}
            error={lang === library.language && problem ? problem : undefined}
            onChange={(event) => setTexts((current) => ({ ...current, [lang]: { ...current[lang]!, title: event.target.value } }))}
          />
          <TextArea
            label={t('form.descriptionIn', { language: t(`languages.${lang}`) })}
            name={`texts.${lang}.description`}
            rows={2}
            value={texts[lang]?.description ?? ''}
            onChange={(event) => setTexts((current) => ({ ...current, [lang]: { ...current[lang]!, description: event.target.value } }))}
          />
        </Stack>
      ))}
      <Select
        label={t('form.category')}
        value={categoryId}
        placeholder={t('form.noCategory')}
        options={library.categories.map((category) => ({ value: String(category.id), label: category.name }))}
        onChange={(event) => setCategoryId(event.target.value)}
      />
      <Select
        label={t('form.access')}
        value={access}
        options={[
          { value: 'free', label: t('form.accessFree') },
          { value: 'registered', label: t('form.accessRegistered') },
          { value: 'vod_media', label: t('form.accessVod') },
        ]}
        onChange={(event) => setAccess(event.target.value as LibraryItem['access'])}
      />
      <TextField label={t('form.date')} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      <TextField label={t('form.publishAt')} type="datetime-local" hint={t('form.publishHint')} value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <div>
        <Button type="submit" loading={isLoading} aria-label={t('form.save', { title })}>
          {t('form.save', { title: '' }).trim()}
        </Button>
      </div>
    </Stack>
  );
}

function ItemCard({ item, library }: { item: LibraryItem; library: LibraryResponse }) {
  const { t } = useTranslation('library');
  const title = titleOf(item, library.language);
  return (
    <li>
      <Card>
        <Stack gap="sm">
          <SectionTitle as="h3">{title}</SectionTitle>
          {item.poster && <Poster src={item.poster} alt={t('items.poster', { title })} />}
          <StatusLine item={item} />
          <details>
            <summary>{t('items.edit', { title })}</summary>
            <Stack gap="md">
              <ItemForm item={item} library={library} />
              {item.status === 'ready' && <PosterPicker item={item} title={title} />}
            </Stack>
          </details>
        </Stack>
      </Card>
    </li>
  );
}

function RailsEditor({ library }: { library: LibraryResponse }) {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [create] = useCreateLibraryRailMutation();
  const [updateRail] = useUpdateLibraryRailMutation();
  const [order] = useOrderLibraryRailsMutation();
  const [remove] = useDeleteLibraryRailMutation();
  const [newTitle, setNewTitle] = useState('');
  const [adding, setAdding] = useState<Record<number, string>>({});
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState('');
  const titles = new Map(library.items.map((item) => [item.id, titleOf(item, library.language)]));
  const run = async (call: Promise<{ error?: unknown }>, moved?: { title: string; position: number; count: number }) => {
    const result = await call;
    if (result.error) {
      setFailed(errorText(result.error));
      setSaid('');
    } else {
      setFailed('');
      setSaid(moved ? t('rails.moved', moved) : t('rails.saved'));
    }
  };
  const railEntries = library.rails.map((rail: LibraryRail) => ({
    id: rail.id,
    title: rail.title,
    extra: (
      <Button type="button" size="sm" variant="secondary" aria-label={t('rails.deleteRail', { title: rail.title })} onClick={() => void run(remove(rail.id))}>
        {t('rails.deleteShort')}
      </Button>
    ),
  }));
  return (
    <Stack gap="md">
      <SectionTitle>{t('rails.title')}</SectionTitle>
      <Text tone="muted">{t('rails.intro')}</Text>
      {library.rails.length === 0 ? (
        <Text tone="muted">{t('rails.empty')}</Text>
      ) : (
        <SortableList label={t('rails.title')} entries={railEntries} onOrder={(ids, moved) => void run(order(ids), { ...moved, count: ids.length })} />
      )}
      {library.rails.map((rail) => {
        const available = library.items.filter((item) => !rail.itemIds.includes(item.id));
        return (
          <Card key={rail.id}>
            <Stack gap="sm" as="section" aria-label={t('rails.rail', { title: rail.title })}>
              <SectionTitle as="h3">{rail.title}</SectionTitle>
              {rail.itemIds.length === 0 ? (
                <Text tone="muted">{t('rails.noVideos')}</Text>
              ) : (
                <SortableList
                  label={t('rails.rail', { title: rail.title })}
                  entries={rail.itemIds.map((id) => ({
                    id,
                    title: titles.get(id) ?? `#${id}`,
                    extra: (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        aria-label={t('rails.remove', { title: titles.get(id) ?? `#${id}` })}
                        onClick={() => void run(updateRail({ id: rail.id, itemIds: rail.itemIds.filter((other) => other !== id) }))}
                      >
                        {t('rails.removeShort')}
                      </Button>
                    ),
                  }))}
                  onOrder={(ids, moved) => void run(updateRail({ id: rail.id, itemIds: ids }), { ...moved, count: ids.length })}
                />
              )}
              {available.length > 0 && (
                <Stack
                  as="form"
                  gap="xs"
                  onSubmit={(event: FormEvent) => {
                    event.preventDefault();
                    const chosen = Number(adding[rail.id] ?? available[0]!.id);
                    void run(updateRail({ id: rail.id, itemIds: [...rail.itemIds, chosen] }));
                  }}
                >
                  <Select
                    label={t('rails.addVideo', { title: rail.title })}
                    value={adding[rail.id] ?? String(available[0]!.id)}
                    options={available.map((item) => ({ value: String(item.id), label: titleOf(item, library.language) }))}
                    onChange={(event) => setAdding((current) => ({ ...current, [rail.id]: event.target.value }))}
                  />
                  <div>
                    <Button type="submit" size="sm" variant="secondary">
                      {t('rails.add')}
                    </Button>
                  </div>
                </Stack>
              )}
            </Stack>
          </Card>
        );
      })}
      <Stack
        as="form"
        gap="xs"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (newTitle.trim() === '') return;
          void run(create(newTitle.trim())).then(() => setNewTitle(''));
        }}
      >
        <TextField label={t('rails.newRail')} value={newTitle} onChange={(event) => setNewTitle(event.target.value)} />
        <div>
          <Button type="submit" variant="secondary">
            {t('rails.create')}
          </Button>
        </div>
      </Stack>
      <Text role="status" aria-live="polite">
        {said}
      </Text>
      <FormMessage tone="error">{failed}</FormMessage>
    </Stack>
  );
}

/**
 * The library (`/console/library`, owners and producers): upload a video (resumable), see it
 * transcoded, give it titles in both languages, a category, who may watch and when it is published,
 * pick its poster, and order the rails viewers see.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [polling, setPolling] = useState(false);
  const library = useGetLibraryQuery(undefined, { pollingInterval: polling ? PROGRESS_POLL_MS : 0 });
  const processing = library.data?.items.some((item) => item.status === 'processing') ?? false;
  if (processing !== polling) setPolling(processing);

  let body;
  if (library.isLoading) body = <Loader label={t('loading')} />;
  else if (library.isError || !library.data) body = <ErrorPanel title={t('items.title')} message={errorText(library.error)} actionLabel={t('retry')} onAction={() => void library.refetch()} />;
  else {
    const data = library.data;
    body = (
      <Stack gap="xl">
        <Card>
          <Stack gap="sm">
            <SectionTitle>{t('upload.title')}</SectionTitle>
            <Uploader kind="video" title={t('upload.title')} maxBytes={data.uploads.maxBytes} onUploaded={() => void library.refetch()} />
            <Text size="sm" tone="muted">
              {t('upload.space', { used: Math.ceil(data.uploads.usedBytes / MIB), quota: Math.floor(data.uploads.quotaBytes / MIB) })}
            </Text>
          </Stack>
        </Card>
        <Stack gap="md" as="section" aria-labelledby="library-items">
          <SectionTitle id="library-items">{t('items.title')}</SectionTitle>
          {data.items.length === 0 ? (
            <Text tone="muted">{t('items.empty')}</Text>
          ) : (
            <Items>
              {data.items.map((item) => (
                <ItemCard key={`${item.id}-${item.status}`} item={item} library={data} />
              ))}
            </Items>
          )}
        </Stack>
        <RailsEditor library={data} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('nav.library')}</PageTitle>
      {body}
    </Stack>
  );
}
