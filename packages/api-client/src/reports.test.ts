import { describe, expect, it } from 'vitest';
import { ApiError, canceledError } from './ApiError.ts';
import { createErrorReports } from './reports.ts';
import type { RequestErrorReport } from './reports.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const error = () => new ApiError({ message: 'Broken', kind: 'http', status: 500, url: '/api/settings' });

describe('createErrorReports', () => {
  it('hands each failure to the reporter once, dated, with the call’s data (spec §7)', () => {
    const received: RequestErrorReport[] = [];
    const reports = createErrorReports({ now: () => NOW, reporter: (report) => received.push(report) });
    const failure = error();
    expect(reports.report(failure, { method: 'GET' })).toBe(true);
    expect(reports.report(failure, { method: 'GET' })).toBe(false);
    expect(received).toEqual([{ date: '2026-03-01T12:00:00.000Z', status: 500, message: 'Broken', requestData: { method: 'GET' }, url: '/api/settings' }]);
  });

  it('never reports a canceled request', () => {
    const received: RequestErrorReport[] = [];
    const reports = createErrorReports({ now: () => NOW, reporter: (report) => received.push(report) });
    expect(reports.report(canceledError('/api/x'), undefined)).toBe(false);
    expect(received).toEqual([]);
  });

  it('keeps reporting to the others when one reporter throws', () => {
    const received: string[] = [];
    const reports = createErrorReports({
      now: () => NOW,
      reporter: () => {
        throw new Error('reporter down');
      },
    });
    reports.subscribe((report) => received.push(report.url));
    expect(reports.report(error(), null)).toBe(true);
    expect(received).toEqual(['/api/settings']);
  });

  it('counts the same listener added twice as two subscriptions, each removed on its own', () => {
    const received: string[] = [];
    const listener = (report: RequestErrorReport) => received.push(report.message);
    const reports = createErrorReports({ now: () => NOW });
    const first = reports.subscribe(listener);
    reports.subscribe(listener);
    reports.report(error(), null);
    expect(received).toHaveLength(2);
    first();
    reports.report(error(), null);
    expect(received).toHaveLength(3);
  });
});
