import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportApi, viewer } from '../test/fixtures.ts';
import { renderSupport } from '../test/renderSupport.tsx';

// The results part that the orders and viewers searches share, through the viewers page.
describe('SearchResults', () => {
  it('pages through a long answer, keeping the page in the address with the search', async () => {
    const user = userEvent.setup();
    const pagesAsked: string[] = [];
    const { routes } = supportApi({
      extra: {
        'GET /console/viewers': (request) => {
          pagesAsked.push(request.query.page ?? '1');
          const page = Number(request.query.page ?? '1');
          return { json: { viewers: [viewer({ id: page, email: `fan${page}@example.com` })], total: 120, page, pageSize: 50 } };
        },
      },
    });
    const { container } = await renderSupport({ routes, route: '/viewers?q=fan' });
    const table = await screen.findByRole('table', { name: '120 viewers found' });
    expect(within(table).getByRole('button', { name: 'Open fan1@example.com' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(await axe(container)).toHaveNoViolations();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Open fan2@example.com' })).toBeInTheDocument();
    expect(pagesAsked.at(-1)).toBe('2');
    // The search stays as it was.
    expect(screen.getByRole('searchbox', { name: /Email or name/ })).toHaveValue('fan');
  });

  it('shows no pages for an answer that fits in one', async () => {
    const { routes } = supportApi({ viewers: [viewer()] });
    await renderSupport({ routes, route: '/viewers' });
    expect(await screen.findByRole('table', { name: '1 viewers found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says a failed search and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { routes } = supportApi({
      extra: {
        'GET /console/viewers': () => (fail ? { status: 500, json: { message: 'Down' } } : { json: { viewers: [viewer()], total: 1, page: 1, pageSize: 50 } }),
      },
    });
    await renderSupport({ routes, route: '/viewers' });
    expect(await screen.findByRole('heading', { name: 'The viewers could not be loaded.' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '1 viewers found' })).toBeInTheDocument();
  });
});
