import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { WatchPrefetch } from './WatchPrefetch.tsx';

describe('WatchPrefetch', () => {
  it('asks for the event of a watch link the viewer points at or tabs to, and for nothing on other links', async () => {
    const { api } = await renderSite(
      <>
        <WatchPrefetch />
        <a href="/vod">On demand</a>
        <a href="/watch/7">
          <span>Lincoln @ Riverside</span>
        </a>
        <a href="/watch/9">Westbrook @ Harmon Valley</a>
      </>,
    );
    const user = userEvent.setup();
    const eventCalls = (id: number) => api.calls.filter((call) => call.path === `/api/events/${id}`);

    await user.hover(screen.getByText('On demand'));
    // Pointing at what is inside the link counts: the event comes up to the document from there.
    await user.hover(screen.getByText('Lincoln @ Riverside'));
    await waitFor(() => expect(eventCalls(7).length).toBeGreaterThan(0));
    expect(eventCalls(9)).toEqual([]);
    // Reaching a link with the keyboard counts too.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Westbrook @ Harmon Valley' })).toHaveFocus();
    await waitFor(() => expect(eventCalls(9).length).toBeGreaterThan(0));
    expect(api.calls.filter((call) => /^\/api\/events(\/|$)/.test(call.path) && !/^\/api\/events\/(7|9)$/.test(call.path))).toEqual([]);
  });

  it('lets go of the document when it unmounts', async () => {
    const { api, unmount } = await renderSite(<WatchPrefetch />);
    unmount();
    const link = document.createElement('a');
    link.href = '/watch/8';
    document.body.append(link);
    await userEvent.hover(link);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.path === '/api/events/8')).toEqual([]);
    link.remove();
  });
});
