import { selectToasts } from '@grandstand/store';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarFeed, deferred, eagles, hockey, northfieldHigh } from '../../test/fixtures.ts';
import { renderFavourites } from '../../test/render.tsx';

const item = (name: string) => screen.getByRole('article', { name });

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ProfileFavouritesPage', () => {
  it('lists the viewer’s teams, schools and sports with their kind and a link to their games', async () => {
    const { container, api } = await renderFavourites('profile', {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles, northfieldHigh, hockey] } }),
        'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Teams, schools and sports you follow' });
    expect(within(list).getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Northfield Eagles',
      'Northfield High',
      'Hockey',
    ]);
    expect(item('Northfield Eagles')).toHaveTextContent('Team');
    expect(item('Northfield High')).toHaveTextContent('School');
    expect(item('Hockey')).toHaveTextContent('Sport');
    expect(within(item('Northfield Eagles')).getByRole('link', { name: 'Games', description: 'Northfield Eagles' })).toHaveAttribute('href', '/schedule?team=northfield-eagles');
    expect(within(item('Northfield High')).getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/?school=northfield');
    // A sport without an alias is found by its name.
    expect(within(item('Hockey')).getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/schedule?sport=Hockey');
    expect(within(item('Hockey')).getByRole('button', { name: 'Remove', description: 'Hockey' })).toBeEnabled();
    expect(await screen.findByRole('textbox', { name: 'Calendar address' })).toHaveValue(calendarFeed().url);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('removes a favourite at once, then says so and keeps the focus on the section', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ json: unknown }>();
    const { store, api } = await renderFavourites('profile', {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles, hockey] } }),
        'DELETE /favorite/503': () => answer.promise,
        'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      },
    });
    await screen.findByRole('article', { name: 'Hockey' });
    await user.click(within(item('Hockey')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hockey' })).toBeNull());
    answer.resolve({ json: { data: { message: 'Favourite removed' } } });
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['You no longer follow Hockey']));
    expect(screen.getByRole('heading', { name: 'Your favourites' })).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/favorite/503']);
  });

  it('puts a favourite back with a toast when the server refuses to remove it', async () => {
    const user = userEvent.setup();
    const { store } = await renderFavourites('profile', {
      routes: {
        'GET /favorites': () => ({ json: { data: [eagles] } }),
        'DELETE /favorite/501': () => ({ status: 500, json: { message: 'Internal Server Error' } }),
        'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      },
    });
    await screen.findByRole('article', { name: 'Northfield Eagles' });
    await user.click(within(item('Northfield Eagles')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Northfield Eagles could not be removed. Please try again.']));
    expect(item('Northfield Eagles')).toBeInTheDocument();
  });

  it('shows a way to find a team when the viewer follows nothing', async () => {
    const user = userEvent.setup();
    const { container, where } = await renderFavourites('profile', {
      routes: {
        'GET /favorites': () => ({ json: { data: [] } }),
        'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'You follow nothing yet' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('link', { name: 'Find a team to follow' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('says the list could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let asks = 0;
    await renderFavourites('profile', {
      routes: {
        'GET /favorites': () => {
          asks += 1;
          return asks === 1 ? { status: 500, json: { message: 'Internal Server Error' } } : { json: { data: [hockey] } };
        },
        'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
      },
    });
    expect(await screen.findByText('Your favourites could not be loaded')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('article', { name: 'Hockey' })).toBeInTheDocument();
  });
});

describe('the calendar address', () => {
  const routes = {
    'GET /favorites': () => ({ json: { data: [eagles] } }),
    'GET /favorites/calendar': () => ({ json: { data: calendarFeed() } }),
  };

  it('copies the address with a confirmation, and subscribes with the webcal link', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    const { store } = await renderFavourites('profile', { routes });
    withClipboard(writeText);
    await screen.findByRole('textbox', { name: 'Calendar address' });
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', calendarFeed().webcal_url);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(calendarFeed().url);
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Calendar address copied']));
  });

  it('selects the address for the viewer when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const { store } = await renderFavourites('profile', { routes });
    withClipboard(() => Promise.reject(new Error('NotAllowedError')));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Calendar address' });
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['The address could not be copied. Select it and copy it yourself.']));
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(calendarFeed().url.length);
  });

  it('renews the address only after a confirmation that says the old one stops working', async () => {
    const user = userEvent.setup();
    const renewed = calendarFeed('Zr8pQ2wE5tY7uI9oP1aS3dF5gH7jK9lZ2xC4vB6nM8q');
    const { api, container, store } = await renderFavourites('profile', {
      routes: { ...routes, 'POST /favorites/calendar': () => ({ json: { data: renewed } }) },
    });
    await screen.findByRole('textbox', { name: 'Calendar address' });

    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a new calendar address?' });
    expect(dialog).toHaveTextContent('The current address will stop working');
    expect(await axe(container)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Keep this one' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Get a new address' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(renewed.url));
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', renewed.webcal_url);
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Your new calendar address is ready. The old one no longer works.']);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/favorites/calendar']);
  });

  it('keeps the current address and says so when the renewal fails', async () => {
    const user = userEvent.setup();
    const { store } = await renderFavourites('profile', {
      routes: { ...routes, 'POST /favorites/calendar': () => ({ status: 500, json: { message: 'Internal Server Error' } }) },
    });
    await screen.findByRole('textbox', { name: 'Calendar address' });
    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Get a new address' }));
    await waitFor(() => expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['A new address could not be made. The current one still works.']));
    expect(screen.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(calendarFeed().url);
  });

  it('speaks French on a French site', async () => {
    await renderFavourites('profile', { routes, language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Vos favoris' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'S’abonner' })).toBeInTheDocument();
  });
});
