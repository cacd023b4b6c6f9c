import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Stack, Text } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { useLibraryCodeText } from './errors.ts';
import { UPLOADS_URL } from './libraryApi.ts';

/** Pieces of this size: a dropped connection costs at most one piece, and every piece is a point to go on from. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits between attempts after a lost connection (tus-js-client asks the server where to go on from). */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000, 30000];
const MIB = 1024 * 1024;

export interface UploaderProps {
  kind: 'video' | 'preroll';
  title: string;
  maxBytes: number;
  /** An upload finished: the list reloads. */
  onUploaded: () => void;
}

type State =
  | { step: 'idle' }
  | { step: 'sending'; name: string; percent: number; retrying: boolean }
  | { step: 'done'; name: string }
  | { step: 'error'; text: string };

/** The server's refusal code (`{ message, field, code }`) in a tus error's response, if any. */
function codeOf(error: Error): string | undefined {
  const body = (error as DetailedError).originalResponse?.getBody();
  try {
    const parsed = typeof body === 'string' && body.startsWith('{') ? (JSON.parse(body) as { code?: unknown }) : null;
    return typeof parsed?.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file picked and sent with the tus protocol (tus-js-client): in pieces, resumed where it stopped
 * after a lost connection (asked again with growing waits) or a reload of the page (the upload's
 * address is remembered in the browser). Its progress is a `progress` bar with its words.
 */
export function Uploader({ kind, title, maxBytes, onUploaded }: UploaderProps) {
  const { t } = useTranslation('library');
  const coded = useLibraryCodeText();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setState({ step: 'error', text: t('upload.pick') });
    if (file.size > maxBytes) return setState({ step: 'error', text: t('errors.upload_too_large') });
    setState({ step: 'sending', name: file.name, percent: 0, retrying: false });
    const upload = new Upload(file, {
      endpoint: UPLOADS_URL,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { kind, filename: file.name, filetype: file.type || 'video/mp4' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setState({ step: 'sending', name: file.name, percent: total > 0 ? Math.floor((sent / total) * 100) : 0, retrying: false }),
      onShouldRetry: (error) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry) setState((current) => (current.step === 'sending' ? { ...current, retrying: true } : current));
        return retry;
      },
      onSuccess: () => {
        setState({ step: 'done', name: file.name });
        if (input.current) input.current.value = '';
        onUploaded();
      },
      onError: (error) => setState({ step: 'error', text: coded(codeOf(error)) ?? error.message }),
    });
    // The same file sent before from this browser goes on from where it stopped.
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };

  const inputId = `upload-${kind}`;
  return (
    <Stack as="form" gap="sm" onSubmit={(event: FormEvent) => void submit(event)} aria-label={title}>
      <label htmlFor={inputId}>{t('upload.file')}</label>
      <input id={inputId} ref={input} type="file" accept="video/*" aria-describedby={`${inputId}-hint`} disabled={state.step === 'sending'} />
      <Text tone="muted" size="sm" id={`${inputId}-hint`}>
        {t('upload.hint', { max: Math.floor(maxBytes / MIB) })}
      </Text>
      <div>
        <Button type="submit" loading={state.step === 'sending'}>
          {t('upload.start')}
        </Button>
      </div>
      {state.step === 'sending' && (
        <Stack gap="xs">
          <progress max={100} value={state.percent} aria-label={t('upload.progress', { name: state.name, percent: state.percent })} />
          <Text role="status">{state.retrying ? t('upload.retrying', { name: state.name }) : t('upload.progress', { name: state.name, percent: state.percent })}</Text>
        </Stack>
      )}
      <FormMessage tone="success">{state.step === 'done' ? t('upload.done', { name: state.name }) : ''}</FormMessage>
      <FormMessage tone="error">{state.step === 'error' ? state.text : ''}</FormMessage>
    </Stack>
  );
}
