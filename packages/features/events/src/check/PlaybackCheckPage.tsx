import { useTranslation } from '@grandstand/i18n';
import { Player, playerLabelsOf, PlayerStage } from '@grandstand/player';
import type { FirstFrameInfo } from '@grandstand/player';
import { Badge, Button, Link, Page, PageTitle, Text } from '@grandstand/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { analyse, parseMaster, throughputOf, verdictOf, type CheckMeasures, type Finding, type FindingKey, type Rendition } from './analyse.ts';

/** The check's test stream, the same for every channel (prepare-media writes it; the server serves it publicly, never cached). */
export const CHECK_STREAM = '/media/check/check.m3u8';
/** Past this, the check reports what it has even if the stream has not ended (a stalled connection). */
export const CHECK_TIMEOUT_MS = 45_000;

export interface PlaybackCheckPageProps {
  /** How long the check may run before it reports (ms); tests shorten it. */
  timeoutMs?: number;
}

type Phase = { kind: 'idle' } | { kind: 'running'; run: number } | { kind: 'done'; findings: Finding[]; measures: CheckMeasures };

/** Whether this browser decodes a rendition: through Media Source (shaka), or natively (Safari's own HLS). */
function canDecode(video: HTMLVideoElement | null, rendition: Rendition): boolean {
  const type = `video/mp4; codecs="${rendition.codecs}"`;
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type)) return true;
  return video !== null && video.canPlayType('application/vnd.apple.mpegurl') !== '' && video.canPlayType(type) !== '';
}

/** The check's segment downloads since `since` (Resource Timing): their sizes and how long each took. */
function segmentDownloads(since: number): { bytes: number; ms: number }[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.startTime >= since && entry.name.includes('/media/check/') && /\.m4s(\?|$)/.test(entry.name))
    .map((entry) => ({ bytes: entry.encodedBodySize || entry.transferSize, ms: entry.responseEnd - entry.requestStart }));
}

/**
 * `/simulate` (spec §2), "Test your device": before paying, a viewer plays a short test stream through
 * the site's own player and reads, in plain words, whether this browser and connection can watch: the
 * codecs it decodes, the throughput measured while the stream downloaded against the stream's
 * renditions, the frames it dropped, and the time to the first frame, each with what to try next.
 */
export function PlaybackCheckPage({ timeoutMs = CHECK_TIMEOUT_MS }: PlaybackCheckPageProps) {
  const { t } = useTranslation(['watch', 'errors']);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const runs = useRef(0);

  return (
    <Page width="reading" gap="lg">
      <PageTitle>{t('watch:check.title')}</PageTitle>
      <Text>{t('watch:check.intro')}</Text>
      {phase.kind === 'running' ? (
        <CheckRun key={phase.run} timeoutMs={timeoutMs} onDone={(measures) => setPhase({ kind: 'done', measures, findings: analyse(measures) })} />
      ) : (
        <div>
          <Button size="lg" onClick={() => setPhase({ kind: 'running', run: (runs.current += 1) })}>
            {phase.kind === 'done' ? t('watch:check.again') : t('watch:check.start')}
          </Button>
        </div>
      )}
      {phase.kind === 'done' && <Report findings={phase.findings} />}
      <Text>
        <Link href="/faq">{t('watch:check.faq')}</Link>
      </Text>
    </Page>
  );
}

function CheckRun({ timeoutMs, onDone }: { timeoutMs: number; onDone: (measures: CheckMeasures) => void }) {
  const { t } = useTranslation(['watch', 'errors']);
  const holder = useRef<HTMLDivElement>(null);
  // When the run began: its downloads are the ones measured (set as it mounts, before the player asks).
  const started = useRef(0);
  const firstFrame = useRef<number | null>(null);
  const renditions = useRef<Rendition[]>([]);
  const finished = useRef(false);
  const labels = useMemo(() => playerLabelsOf((name) => (name === 'error' ? t('errors:playerError') : t(`watch:player.${name}`))), [t]);

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    const video = holder.current?.querySelector('video') ?? null;
    const quality = video?.getVideoPlaybackQuality?.();
    onDone({
      renditions: renditions.current,
      supported: renditions.current.map((r) => canDecode(video, r)),
      throughput: throughputOf(segmentDownloads(started.current)),
      droppedFrames: quality?.droppedVideoFrames ?? 0,
      totalFrames: quality?.totalVideoFrames ?? 0,
      firstFrameMs: firstFrame.current,
    });
  }, [onDone]);

  useEffect(() => {
    started.current = performance.now();
    const controller = new AbortController();
    // The renditions, as the player reads them; no-store so the check measures the network.
    void fetch(CHECK_STREAM, { cache: 'no-store', signal: controller.signal })
      .then(async (response) => (response.ok ? parseMaster(await response.text()) : []))
      .then((found) => {
        renditions.current = found;
      })
      .catch(() => undefined);
    const timer = setTimeout(finish, timeoutMs);
    // The end of the stream ends the check; the listener waits for the player's video element.
    const onEnded = (event: Event) => {
      if (event.target instanceof HTMLVideoElement) finish();
    };
    const root = holder.current;
    root?.addEventListener('ended', onEnded, true);
    return () => {
      controller.abort();
      clearTimeout(timer);
      root?.removeEventListener('ended', onEnded, true);
    };
  }, [finish, timeoutMs]);

  const onFirstFrame = useCallback(({ ms }: FirstFrameInfo) => {
    firstFrame.current = ms;
  }, []);

  return (
    <section aria-labelledby="check-running">
      <Text id="check-running" role="status">
        {t('watch:check.running')}
      </Text>
      <div ref={holder}>
        <PlayerStage>
          <Player src={CHECK_STREAM} streamId="check" live={false} title={t('watch:check.streamTitle')} labels={labels} autoPlay onFirstFrame={onFirstFrame} onError={finish} />
        </PlayerStage>
      </div>
    </section>
  );
}

const VERDICT_TONE = { good: 'primary', warn: 'neutral', bad: 'neutral' } as const;

/** What to try next, for each finding that is not fine. */
const TIPS = {
  'codecs.none': 'watch:check.tip.codecs.none',
  'speed.partial': 'watch:check.tip.speed.partial',
  'speed.tooSlow': 'watch:check.tip.speed.tooSlow',
  'speed.unknown': 'watch:check.tip.speed.unknown',
  'frames.dropped': 'watch:check.tip.frames.dropped',
  'start.slow': 'watch:check.tip.start.slow',
  'start.none': 'watch:check.tip.start.none',
} as const satisfies Partial<Record<FindingKey, string>>;

function tipOf(key: FindingKey): (typeof TIPS)[keyof typeof TIPS] | null {
  return key in TIPS ? TIPS[key as keyof typeof TIPS] : null;
}

function Report({ findings }: { findings: Finding[] }) {
  const { t } = useTranslation(['watch']);
  const verdict = verdictOf(findings);
  return (
    <section aria-labelledby="check-report" aria-live="polite">
      <ReportHeading id="check-report">{t('watch:check.reportTitle')}</ReportHeading>
      <Verdict>{t(`watch:check.verdict.${verdict}`)}</Verdict>
      <Findings>
        {findings.map((finding) => (
          <li key={finding.key} data-tone={finding.tone}>
            <Badge tone={VERDICT_TONE[finding.tone]}>{t(`watch:check.tone.${finding.tone}`)}</Badge>
            <div>
              <p>{t(`watch:check.finding.${finding.key}`, finding.values)}</p>
              {tipOf(finding.key) && <Tip>{t(tipOf(finding.key)!, finding.values)}</Tip>}
            </div>
          </li>
        ))}
      </Findings>
    </section>
  );
}

const ReportHeading = styled.h2`
  margin: 0 0 var(--gs-space-sm);
  font-size: var(--gs-font-size-lg);
`;

const Verdict = styled.p`
  margin: 0 0 var(--gs-space-md);
  font-size: var(--gs-font-size-lg);
  font-weight: var(--gs-font-weight-bold);
`;

const Findings = styled.ul`
  display: grid;
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: var(--gs-space-sm);
    align-items: start;
  }
  p {
    margin: 0;
  }
`;

const Tip = styled.p`
  color: var(--gs-muted-text);
`;
