import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, lazyView, preloadLazyViews, setChunkLoadTimeout } from './lazyView.ts';

function Greeting({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <p>
      Hello {name}
      {children}
    </p>
  );
}

/** A load the test settles by hand, counting how often the code was asked for. */
function deferredLoad() {
  const calls: Array<{ resolve: (component: typeof Greeting) => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<typeof Greeting>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

describe('lazyView', () => {
  it('shows the fallback until its code arrives, then the view with its props', async () => {
    const { load, calls } = deferredLoad();
    const View = lazyView(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <View name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    calls[0]?.resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('renders at once once preloaded: a synchronous render gets the view, not the fallback', async () => {
    const { load, calls } = deferredLoad();
    const View = lazyView(load);
    const preloading = View.preload();
    calls[0]?.resolve(Greeting);
    await preloading;
    // renderToString never waits: it shows what a render that does not suspend shows.
    expect(
      renderToString(
        <Suspense fallback={<p>Loading</p>}>
          <View name="Grace" />
        </Suspense>,
      ),
    ).toBe('<!--$--><p>Hello <!-- -->Grace</p><!--/$-->');
    // The render used the preloaded code: it was asked for once.
    expect(calls).toHaveLength(1);
  });

  it('without a preload, a synchronous render shows the fallback', () => {
    const View = lazyView(deferredLoad().load);
    expect(
      renderToString(
        <Suspense fallback={<p>Loading</p>}>
          <View name="Grace" />
        </Suspense>,
      ),
    ).toContain('Loading');
  });

  it('asks for the code again after a failed load, and once for preloads that overlap', async () => {
    const { load, calls } = deferredLoad();
    const View = lazyView(load);
    const first = View.preload();
    const overlapping = View.preload();
    expect(calls).toHaveLength(1);
    calls[0]?.reject(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    await expect(overlapping).rejects.toThrow('chunk failed');

    const second = View.preload();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(Greeting);
    await expect(second).resolves.toBeUndefined();
  });

  describe('chunk load time-out (spec §9)', () => {
    afterEach(() => {
      setChunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
      vi.useRealTimers();
    });

    it('is 120 s: code still missing then fails the load, and the next render asks again', async () => {
      expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
      vi.useFakeTimers();
      const { load, calls } = deferredLoad();
      const View = lazyView(load);
      const first = View.preload();
      const outcome = first.then(
        () => 'loaded',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBeInstanceOf(ChunkLoadTimeoutError);
      const again = View.preload();
      expect(calls).toHaveLength(2);
      calls[1]?.resolve(Greeting);
      await expect(again).resolves.toBeUndefined();
    });

    it('takes a shorter time-out where one is set, and code in time is no failure', async () => {
      setChunkLoadTimeout(20);
      const slow = lazyView(deferredLoad().load);
      await expect(slow.preload()).rejects.toThrow(ChunkLoadTimeoutError);
      const { load, calls } = deferredLoad();
      const quick = lazyView(load);
      const loading = quick.preload();
      calls[0]?.resolve(Greeting);
      await expect(loading).resolves.toBeUndefined();
    });
  });

  it('preloads the lazy views of an element and of the elements it is given, and nothing else', async () => {
    const outer = deferredLoad();
    const inner = deferredLoad();
    const Outer = lazyView(async () => ({ children }: { children?: ReactNode }) => <section>{children}</section>);
    const Page = lazyView(outer.load);
    const Schedule = lazyView(inner.load);
    const preloading = preloadLazyViews(
      <Outer>
        <h1>Title</h1>
        <Page name="page">
          <Schedule name="schedule" />
        </Page>
        {'text'}
        {null}
      </Outer>,
    );
    expect(outer.calls).toHaveLength(1);
    expect(inner.calls).toHaveLength(1);
    outer.calls[0]?.resolve(Greeting);
    inner.calls[0]?.resolve(Greeting);
    await preloading;
    expect(renderToString(<Schedule name="now" />)).toBe('<p>Hello <!-- -->now</p>');
    await expect(preloadLazyViews(<Greeting name="plain" />)).resolves.toBeUndefined();
    await expect(preloadLazyViews(null)).resolves.toBeUndefined();
  });
});
