import { SCHEDULE_CSV_COLUMNS, SCHEDULE_CSV_MAX } from '@grandstand/contract';
import type { ScheduleImportBody, ScheduleImportResponse, ScheduleUnknownNames } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, DataTable, FormMessage, Link, PageTitle, Stack, Text, TextArea } from '@grandstand/ui';
import { useId, useState, type ChangeEvent } from 'react';
import { ConsolePage } from '../../components/ConsolePage.ts';
import { useScheduleErrorText } from '../../errors.ts';
import { schedulePaths } from '../../paths.ts';
import { useImportScheduleMutation } from '../../scheduleApi.ts';
import { useCanWriteEvents } from '../../useCanWriteEvents.ts';
import { BackLink, ReadOnlyNotice } from '../EventFormPage/EventFormPage.tsx';
import { FileInput, UnknownGroup } from './ImportPage.styles.ts';

/** The CSV template the server gives (a plain download: the session cookie goes along). */
export const TEMPLATE_URL = '/api/console/events/import/template.csv';

type Kind = keyof ScheduleUnknownNames;
const KINDS: readonly Kind[] = ['teams', 'schools', 'venues', 'sports'];
type Names = Record<Kind, string[]>;
const noNames = (): Names => ({ teams: [], schools: [], venues: [], sports: [] });

interface Check {
  /** What was checked: the import may go only with exactly this. */
  key: string;
  result: ScheduleImportResponse;
}

/**
 * `/events/import`: a season from a CSV, pasted or from a file. A dry run first names each bad line
 * and field and the names that match nothing of the channel; the operator ticks the names to create
 * in the same import (or fixes the file) and checks again; the import, one transaction on the
 * server, goes only once the last check of this very text and these choices found no problem.
 */
export function ImportPage() {
  const { t } = useTranslation('schedule');
  const errorText = useScheduleErrorText();
  const fileId = useId();
  const [csv, setCsv] = useState('');
  const [create, setCreate] = useState<Names>(noNames);
  // Every name a check of this text found unknown, so a ticked one stays on screen once the next check accepts it.
  const [seen, setSeen] = useState<Names>(noNames);
  const [check, setCheck] = useState<Check | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [send, { isLoading }] = useImportScheduleMutation();
  const canWrite = useCanWriteEvents();

  const body = (dryRun: boolean): ScheduleImportBody => {
    const chosen = Object.fromEntries(KINDS.filter((kind) => create[kind].length > 0).map((kind) => [kind, create[kind]]));
    return { csv, dryRun, ...(Object.keys(chosen).length > 0 ? { create: chosen } : {}) };
  };
  const key = JSON.stringify(body(false));
  const current = check?.key === key ? check.result : null;
  const stale = check !== null && current === null;
  const ready = current !== null && current.errors.length === 0 && current.valid > 0;

  const changeCsv = (text: string) => {
    setCsv(text);
    setSeen(noNames());
    setCreate(noNames());
    setMessage(null);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      changeCsv((await file.text()).slice(0, SCHEDULE_CSV_MAX));
    } catch {
      setMessage({ tone: 'error', text: t('import.fileError') });
    }
  };

  const runCheck = async () => {
    setMessage(null);
    if (csv.trim() === '') {
      setMessage({ tone: 'error', text: t('import.empty') });
      return;
    }
    const result = await send(body(true));
    if (result.error) {
      setMessage({ tone: 'error', text: t('import.failed', { message: errorText(result.error) }) });
      return;
    }
    const found = result.data;
    setCheck({ key, result: found });
    setSeen((before) => Object.fromEntries(KINDS.map((kind) => [kind, [...new Set([...before[kind], ...found.unknown[kind]])]])) as Names);
  };

  const runImport = async () => {
    const result = await send(body(false));
    if (result.error) {
      setMessage({ tone: 'error', text: t('import.failed', { message: errorText(result.error) }) });
      setCheck(null);
      return;
    }
    setMessage({ tone: 'success', text: t('import.done', { count: result.data.created ?? result.data.valid }) });
    setCsv('');
    setCheck(null);
    setSeen(noNames());
    setCreate(noNames());
  };

  const toggle = (kind: Kind, name: string, on: boolean) =>
    setCreate((before) => ({ ...before, [kind]: on ? [...before[kind], name] : before[kind].filter((entry) => entry !== name) }));

  const unknownKinds = KINDS.filter((kind) => seen[kind].length > 0);
  if (!canWrite) {
    return (
      <ConsolePage width="medium" gap="lg">
        <BackLink />
        <PageTitle>{t('import.title')}</PageTitle>
        <ReadOnlyNotice />
      </ConsolePage>
    );
  }

  return (
    <ConsolePage width="medium" gap="lg">
      <BackLink />
      <PageTitle>{t('import.title')}</PageTitle>
      <Text>{t('import.intro', { columns: SCHEDULE_CSV_COLUMNS.join(', ') })}</Text>
      <Text>
        <Link href={TEMPLATE_URL} external download="events-template.csv">
          {t('import.template')}
        </Link>
      </Text>

      <Stack gap="md">
        <TextArea label={t('import.csv')} hint={t('import.csvHint')} value={csv} rows={8} maxLength={SCHEDULE_CSV_MAX} spellCheck={false} onChange={(event) => changeCsv(event.target.value)} />
        <Stack gap="xs">
          <label htmlFor={fileId}>{t('import.file')}</label>
          <FileInput id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void onFile(event)} />
        </Stack>
        <div>
          <Button variant="secondary" loading={isLoading && !ready} onClick={() => void runCheck()}>
            {check ? t('import.checkAgain') : t('import.check')}
          </Button>
        </div>
      </Stack>

      {current && (
        <Stack as="section" gap="md" aria-label={t('import.check')}>
          <Text bold>{t('import.valid', { count: current.valid })}</Text>
          {current.errors.length > 0 && (
            <DataTable density="comfortable">
              <caption>{t('import.errorsTitle', { count: new Set(current.errors.map((error) => error.line)).size })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.line')}</th>
                  <th scope="col">{t('import.field')}</th>
                  <th scope="col">{t('import.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {current.errors.map((error) => (
                  <tr key={`${error.line}-${error.field}-${error.code}`}>
                    <td>{error.line}</td>
                    <td>{error.field}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Stack>
      )}

      {unknownKinds.length > 0 && (
        <Stack as="section" gap="sm" aria-labelledby={`${fileId}-unknown`}>
          <Text bold id={`${fileId}-unknown`}>
            {t('import.unknownTitle')}
          </Text>
          <Text tone="muted">{t('import.unknownHint')}</Text>
          {unknownKinds.map((kind) => (
            <UnknownGroup key={kind}>
              <legend>{t(`import.kinds.${kind}`)}</legend>
              {seen[kind].map((name) => (
                <Checkbox
                  key={name}
                  label={t('import.create', { kind: t(`import.kind.${kind}`), name })}
                  checked={create[kind].includes(name)}
                  onChange={(event) => toggle(kind, name, event.target.checked)}
                />
              ))}
            </UnknownGroup>
          ))}
        </Stack>
      )}

      {stale && <Text tone="muted">{t('import.changed')}</Text>}
      <FormMessage tone={message?.tone ?? 'success'}>{message?.text ?? ''}</FormMessage>
      {message?.tone === 'success' && (
        <Text>
          <Link href={schedulePaths.list}>{t('form.back')}</Link>
        </Text>
      )}
      {ready && (
        <div>
          <Button size="lg" loading={isLoading} onClick={() => void runImport()}>
            {t('import.submit', { count: current.valid })}
          </Button>
        </div>
      )}
    </ConsolePage>
  );
}
