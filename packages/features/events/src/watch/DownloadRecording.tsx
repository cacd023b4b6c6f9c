import { CLIP_REFUSAL_CODES, SUPPORT_ERROR_CODES, type EventDetail } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Button } from '@grandstand/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { useGetRecordingDownloadMutation, useGetRecordingDownloadOptionsQuery } from './downloadApi.ts';

/** Opens an address in this tab: the signed download answers with an attachment, so the page stays. */
export type OpenUrl = (url: string) => void;
const openInPlace: OpenUrl = (url) => window.location.assign(url);

/** The machine code of a refused call: the store's `code`, or the `code` of the answer's body. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  const body = 'body' in error ? error.body : 'data' in error ? error.data : undefined;
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
}

/** Whether the viewer's account holds `download` (spec §3 User: capabilities lowercased into flags). */
function holdsDownload(capabilities: readonly string[] | undefined): boolean {
  return (capabilities ?? []).some((capability) => capability.toLowerCase() === 'download');
}

/**
 * "Download" for a finished event's recording (spec §6 `download`), for a viewer who holds the
 * capability and may watch the event, with what is left of their downloads (spec §6 counters: the
 * count left, never the limit). The server counts a download when it hands the address out.
 */
export function DownloadRecording({ event, openUrl = openInPlace }: { event: EventDetail; openUrl?: OpenUrl }) {
  const { t } = useTranslation('watch');
  const user = useAppSelector(selectUser);
  const counterId = useId();
  const eligible = user !== null && holdsDownload(user.capabilities) && event.stream_status === 'finished' && event.access.allowed && !event.cancelled;
  const { data: options, isError } = useGetRecordingDownloadOptionsQuery(event.id, { skip: !eligible });
  const [download, downloading] = useGetRecordingDownloadMutation();
  if (!eligible || isError) return null;

  const left = options?.downloads_left ?? null;
  const none = left === 0;
  const onDownload = async () => {
    try {
      openUrl((await download(event.id).unwrap()).url);
    } catch {
      // Said under the button from the mutation's error.
    }
  };
  const code = downloading.isError ? codeOf(downloading.error) : undefined;
  const problem =
    code === undefined && !downloading.isError
      ? null
      : code === CLIP_REFUSAL_CODES.downloadsLimit
        ? t('download.limit')
        : code === CLIP_REFUSAL_CODES.downloadEvent
          ? t('download.capability')
          : code === SUPPORT_ERROR_CODES.viewerSuspended
            ? t('download.suspended')
            : t('download.failed');
  return (
    <Row>
      <Button variant="secondary" onClick={() => void onDownload()} loading={downloading.isLoading} disabled={!options || none} aria-describedby={left === null ? undefined : counterId}>
        {t('download.button')}
      </Button>
      {left !== null && <Counter id={counterId}>{none ? t('download.none') : t('download.left', { count: left })}</Counter>}
      {problem && <Problem role="alert">{problem}</Problem>}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm) var(--gs-space-md);
`;

const Counter = styled.span`
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: var(--gs-danger);
`;
