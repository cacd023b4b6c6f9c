import { favouritesNamespace } from '@grandstand/favourites';
import { addToast, selectPopups, showPopup } from '@grandstand/store';
import { vodNamespace } from '@grandstand/vod';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { Layout } from './Layout.tsx';

describe('Layout: toasts and popups (spec §4)', () => {
  it('shows a toast and a popup from the store, and closes the popup with its answer', async () => {
    const { store, container } = await renderSite(
      <Layout>
        <p>The page</p>
      </Layout>,
      // The header's search box and the follow effects show the vod and favourites texts.
      { namespaces: [vodNamespace, favouritesNamespace] },
    );
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      store.dispatch(addToast({ message: 'Your changes are saved', type: 'success' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Your changes are saved');

    let answered = false;
    act(() => {
      void store.dispatch(showPopup({ title: 'Cancel auto-renewal?', okLabel: 'Yes' })).then(() => (answered = true));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel auto-renewal?' });
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(answered).toBe(true));
    expect(dialog).not.toBeInTheDocument();
    expect(selectPopups(store.getState())).toEqual([]);
  });
});
