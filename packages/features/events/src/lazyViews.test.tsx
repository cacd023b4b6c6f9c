import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyScheduleView } from './lazyViews.tsx';
import { renderRoute } from './test/renderRoute.tsx';

describe('LazyScheduleView under a channel page (spec §2)', () => {
  it('is a section with an h2 and leaves the page its title', async () => {
    await renderRoute('/about-us', {
      extraRoutes: [
        {
          path: 'about-us',
          element: (
            <>
              <title>About us</title>
              <h1>About us</h1>
              <Suspense>
                <LazyScheduleView />
              </Suspense>
            </>
          ),
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('About us');
  });
});
