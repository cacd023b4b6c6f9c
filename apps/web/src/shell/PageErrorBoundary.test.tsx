import { CHUNK_LOAD_TIMEOUT_MS, lazyView, setChunkLoadTimeout } from '@grandstand/ui';
import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

/** A page at `/` that throws while it renders; any other page renders. */
function Page({ path }: { path: string }) {
  if (path === '/') throw new Error('a page that cannot render');
  return <p>Live page</p>;
}

describe('PageErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an error the viewer can act on instead of a blank page, and lets the next page render', async () => {
    // React reports the caught error to the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, rerender } = await renderSite(
      <PageErrorBoundary resetKey="/">
        <Page path="/" />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Whoops!' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again or contact technical support')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();

    // The viewer goes elsewhere: that page renders.
    rerender(
      <PageErrorBoundary resetKey="/live">
        <Page path="/live" />
      </PageErrorBoundary>,
    );
    expect(await screen.findByText('Live page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Whoops!' })).toBeNull();
  });

  it('shows the error with a reload when a page’s code does not arrive within the chunk load time-out (spec §9)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // 120 s on the site; a short one here.
    setChunkLoadTimeout(50);
    try {
      const NeverArrives = lazyView(() => new Promise<() => null>(() => undefined));
      await renderSite(
        <PageErrorBoundary resetKey="/schedule">
          <Suspense fallback={<p>Loading the page</p>}>
            <NeverArrives />
          </Suspense>
        </PageErrorBoundary>,
      );
      expect(screen.getByText('Loading the page')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Reload page' })).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Whoops!' })).toBeInTheDocument();
      expect(screen.queryByText('Loading the page')).toBeNull();
    } finally {
      setChunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    }
  });
});
