import type { LibraryPreroll, LibraryPrerollsResponse } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Card, Checkbox, ErrorPanel, FormMessage, Loader, PageTitle, SectionTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLibraryErrorText } from '../../errors.ts';
import { useDeleteLibraryPrerollMutation, useGetLibraryPrerollsQuery, useUpdateLibraryPrerollMutation } from '../../libraryApi.ts';
import { Uploader } from '../../Uploader.tsx';

const PROGRESS_POLL_MS = 2000;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--gs-space-md);
`;

const Sports = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs) var(--gs-space-md);
`;

function PrerollForm({ preroll, data }: { preroll: LibraryPreroll; data: LibraryPrerollsResponse }) {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [update, { isLoading }] = useUpdateLibraryPrerollMutation();
  const [remove] = useDeleteLibraryPrerollMutation();
  const [title, setTitle] = useState(preroll.title);
  const [weight, setWeight] = useState(String(preroll.weight));
  const [sports, setSports] = useState<number[]>(preroll.eventCategoryIds);
  const [forVod, setForVod] = useState(preroll.forVod);
  const [forLive, setForLive] = useState(preroll.forLive);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ id: preroll.id, body: { title: title.trim() || preroll.title, weight: Number(weight), eventCategoryIds: sports, forVod, forLive } });
    setOutcome(result.error ? { tone: 'error', text: errorText(result.error) } : { tone: 'success', text: t('prerolls.saved') });
  };

  return (
    <Stack as="form" gap="sm" noValidate onSubmit={(event: FormEvent) => void submit(event)} aria-label={preroll.title}>
      <TextField label={t('prerolls.name')} value={title} onChange={(event) => setTitle(event.target.value)} />
      <TextField label={t('prerolls.weight')} type="number" min={0} max={100} inputMode="numeric" value={weight} onChange={(event) => setWeight(event.target.value)} />
      <Sports>
        <legend>{t('prerolls.sports')}</legend>
        {data.sports.map((sport) => (
          <Checkbox
            key={sport.id}
            label={sport.name}
            checked={sports.includes(sport.id)}
            onChange={(event) => setSports((current) => (event.target.checked ? [...current, sport.id] : current.filter((id) => id !== sport.id)))}
          />
        ))}
      </Sports>
      <Checkbox label={t('prerolls.forLive')} checked={forLive} onChange={(event) => setForLive(event.target.checked)} />
      <Checkbox label={t('prerolls.forVod')} checked={forVod} onChange={(event) => setForVod(event.target.checked)} />
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <Stack gap="xs" style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
        <Button type="submit" loading={isLoading} aria-label={t('prerolls.save', { title: preroll.title })}>
          {t('prerolls.save', { title: '' }).trim()}
        </Button>
        <Button type="button" variant="secondary" aria-label={t('prerolls.delete', { title: preroll.title })} onClick={() => void remove(preroll.id)}>
          {t('prerolls.delete', { title: '' }).trim()}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The prerolls (`/console/prerolls`, owners and producers, spec §3 Preroll): upload one (resumable,
 * transcoded like a video), then its weight, the sports it plays before, and whether it plays before
 * games, on-demand videos or both.
 */
export function PrerollsPage() {
  const { t } = useTranslation('library');
  const errorText = useLibraryErrorText();
  const [polling, setPolling] = useState(false);
  const prerolls = useGetLibraryPrerollsQuery(undefined, { pollingInterval: polling ? PROGRESS_POLL_MS : 0 });
  const processing = prerolls.data?.prerolls.some((preroll) => preroll.status === 'processing') ?? false;
  if (processing !== polling) setPolling(processing);

  let body;
  if (prerolls.isLoading) body = <Loader label={t('loading')} />;
  else if (prerolls.isError || !prerolls.data) body = <ErrorPanel title={t('prerolls.title')} message={errorText(prerolls.error)} actionLabel={t('retry')} onAction={() => void prerolls.refetch()} />;
  else {
    const data = prerolls.data;
    body = (
      <Stack gap="xl">
        <Card>
          <Stack gap="sm">
            <SectionTitle>{t('upload.prerollTitle')}</SectionTitle>
            <Uploader kind="preroll" title={t('upload.prerollTitle')} maxBytes={data.uploads.maxBytes} onUploaded={() => void prerolls.refetch()} />
          </Stack>
        </Card>
        {data.prerolls.length === 0 ? (
          <Text tone="muted">{t('prerolls.empty')}</Text>
        ) : (
          <List>
            {data.prerolls.map((preroll) => (
              <li key={`${preroll.id}-${preroll.status}`}>
                <Card>
                  <Stack gap="sm">
                    <SectionTitle as="h3">{preroll.title}</SectionTitle>
                    {preroll.status === 'processing' ? (
                      <Stack gap="xxs">
                        <progress max={100} value={preroll.progress} aria-label={t('items.processing', { percent: preroll.progress })} />
                        <Text size="sm">{t('items.processing', { percent: preroll.progress })}</Text>
                      </Stack>
                    ) : (
                      <Text size="sm">{preroll.status === 'failed' ? t('items.failed', { reason: preroll.failureReason ?? '' }) : t('items.ready')}</Text>
                    )}
                    <PrerollForm preroll={preroll} data={data} />
                  </Stack>
                </Card>
              </li>
            ))}
          </List>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('prerolls.title')}</PageTitle>
      <Text tone="muted">{t('prerolls.intro')}</Text>
      {body}
    </Stack>
  );
}
