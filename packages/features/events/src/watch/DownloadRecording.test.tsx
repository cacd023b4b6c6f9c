import type { FakeHandler } from '@grandstand/api-client/testing';
import type { ClipOptions, EventDetail } from '@grandstand/contract';
import { testUser } from '@grandstand/contract/testing';
import { axe } from '@grandstand/vitest-config/axe';
import { renderWithProviders } from '@grandstand/test-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { DownloadRecording } from './DownloadRecording.tsx';
import { watchNamespace } from './namespace.ts';
import { matchup } from '../test/fixtures.ts';

// spec §6 `download`: a finished game's recording, for a viewer who holds the capability, with
// what is left of their downloads (the count left, never the limit).

function finished(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...matchup,
    stream_status: 'finished',
    description: null,
    category: null,
    location: null,
    access: { allowed: true, geo_blocked: false, options: [] },
    stream: null,
    ...overrides,
  };
}

function options(overrides: Partial<ClipOptions> = {}): ClipOptions {
  return { tags: [], min_duration: 5, max_duration: 60, live_seconds: 600, can_clip: false, can_download_clip: false, can_download_event: true, reason: 'capability', clips_left: 3, downloads_left: 2, ...overrides };
}

function downloads(left: number) {
  const asked: string[] = [];
  const routes: Record<string, FakeHandler> = {
    'GET /events/1': () => ({ json: { data: finished() } }),
    'GET /clips/options': () => ({ json: { data: options({ downloads_left: left, can_download_event: left > 0 }) } }),
    'GET /download-event/1': () => {
      asked.push('/download-event/1');
      if (left === 0) return { status: 403, json: { message: 'You have reached your download limit for today. Please try again tomorrow.', field: 'downloads', code: 'clip_downloads_limit' } };
      left -= 1;
      return { json: { data: { url: '/media/download/token/final.mp4', file_name: 'final.mp4', expires_at: new Date(Date.now() + 60_000).toISOString() } } };
    },
  };
  return { routes, asked };
}

describe('Download on the watch page', () => {
  it('offers a holder of download the finished game’s recording, with the downloads left', async () => {
    const { routes } = downloads(2);
    const { container } = await renderRoute('/watch/1', { routes, watch: true, user: testUser({ capabilities: ['download'] }) });
    const button = await screen.findByRole('button', { name: 'Download' });
    expect(await screen.findByText('2 downloads left today')).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription('2 downloads left today');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('opens the signed address of the recording and counts one download down', async () => {
    const user = userEvent.setup();
    const { routes, asked } = downloads(2);
    const opened: string[] = [];
    await renderWithProviders(<DownloadRecording event={finished()} openUrl={(url) => opened.push(url)} />, { routes, user: testUser({ capabilities: ['download'] }), namespaces: [watchNamespace] });
    // The button stays off until the counter has come: wait for it, as a viewer would.
    expect(await screen.findByText('2 downloads left today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(opened).toEqual(['/media/download/token/final.mp4']));
    expect(asked).toHaveLength(1);
    expect(await screen.findByText('1 download left today')).toBeInTheDocument();
  });

  it('says when no downloads are left, with the button off', async () => {
    const { routes } = downloads(0);
    await renderRoute('/watch/1', { routes, watch: true, user: testUser({ capabilities: ['DOWNLOAD'] }) });
    expect(await screen.findByText('No downloads left today. Please try again tomorrow.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('is not offered without the capability, to a visitor, or before the game has finished', async () => {
    const { routes } = downloads(2);
    const first = await renderRoute('/watch/1', { routes, watch: true, user: testUser({ capabilities: ['clipping'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    first.unmount();
    const second = await renderRoute('/watch/1', { routes, watch: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    second.unmount();
    await renderRoute('/watch/1', { routes: { ...routes, 'GET /events/1': () => ({ json: { data: finished({ stream_status: 'upcoming' }) } }) }, watch: true, user: testUser({ capabilities: ['download'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Northfield Eagles @ Riverside Lions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('speaks French', async () => {
    const { routes } = downloads(3);
    await renderRoute('/watch/1', { routes, watch: true, user: testUser({ capabilities: ['download'] }), language: 'fr' });
    expect(await screen.findByRole('button', { name: 'Télécharger' })).toBeInTheDocument();
    expect(await screen.findByText('3 téléchargements restants aujourd’hui')).toBeInTheDocument();
  });
});
