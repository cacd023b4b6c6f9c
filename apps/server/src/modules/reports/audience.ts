import { type AudienceFigures, type AudienceStatus, REPORT_FUNNEL_STEPS } from '@grandstand/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { adminEndpoint, postToAnalytics } from '../analytics/transport.ts';
import type { ReportPeriod } from './repository.ts';

/**
 * The analytics service's figures for the control room's reports: its `POST /admin/report`
 * (apps/analytics, reports/admin.ts) with the admin token both share (`ANALYTICS_URL`,
 * `ANALYTICS_ADMIN_TOKEN`). The viewers' browsers report these figures, so they are shown as
 * indicative and never counted as money; when the service is not configured or does not answer
 * (in `timeoutMs`), the reports say which figures are missing rather than waiting or failing.
 */

export const DEFAULT_AUDIENCE_TIMEOUT_MS = 5_000;

const count = z.number().int().min(0);
const seconds = z.number().min(0);
const WatchRow = z.object({ key: z.string().nullable(), seconds });
/** The service's answer, read strictly enough that a wrong answer is "unavailable", not a crash. */
const ServiceReport = z.object({
  live_viewers: count,
  views: count,
  unique_viewers: count,
  watch_seconds: seconds,
  watch_time: z.object({
    by_event: z.array(z.object({ stream_id: z.number().int(), title: z.string().nullable(), seconds })),
    by_sport: z.array(WatchRow),
    by_school: z.array(WatchRow),
    by_team: z.array(WatchRow),
  }),
  funnel: z.array(z.object({ step: z.string(), events: count, sessions: count })),
  event_seconds: z.array(z.object({ stream_id: z.number().int(), seconds })),
});

export interface Audience {
  status: AudienceStatus;
  figures: AudienceFigures | null;
  /** Seconds watched per event in the period (the revenue share's weights); null when missing. */
  eventSeconds: Map<number, number> | null;
}

export interface AudienceSource {
  read(channelSlug: string, period: ReportPeriod): Promise<Audience>;
}

export function audienceSource(service: { url: string; adminToken: string } | null, log: FastifyBaseLogger, timeoutMs = DEFAULT_AUDIENCE_TIMEOUT_MS): AudienceSource {
  if (!service) return { read: async () => ({ status: 'not_configured', figures: null, eventSeconds: null }) };
  const endpoint = adminEndpoint(service.url, 'report');
  return {
    async read(channelSlug, period) {
      const answer = await postToAnalytics(endpoint, service.adminToken, { channel: channelSlug, from: period.start.toISOString(), to: period.end.toISOString() }, timeoutMs, (data) => {
        const parsed = ServiceReport.safeParse(data);
        return parsed.success ? parsed.data : undefined;
      });
      if (!answer.ok) {
        log.warn({ status: answer.status, detail: answer.detail }, 'reports: the analytics service did not answer; its figures are left out');
        return { status: 'unavailable', figures: null, eventSeconds: null };
      }
      const report = answer.value;
      const steps = new Map(report.funnel.map((step) => [step.step, step]));
      return {
        status: 'ok',
        figures: {
          liveViewers: report.live_viewers,
          uniqueViewers: report.unique_viewers,
          views: report.views,
          watchSeconds: report.watch_seconds,
          watchTime: {
            byEvent: report.watch_time.by_event.map((row) => ({ eventId: row.stream_id, title: row.title, seconds: row.seconds })),
            bySport: report.watch_time.by_sport,
            bySchool: report.watch_time.by_school,
            byTeam: report.watch_time.by_team,
          },
          funnel: REPORT_FUNNEL_STEPS.map((step) => ({ step, events: steps.get(step)?.events ?? 0, sessions: steps.get(step)?.sessions ?? 0 })),
        },
        eventSeconds: new Map(report.event_seconds.map((row) => [row.stream_id, row.seconds])),
      };
    },
  };
}
