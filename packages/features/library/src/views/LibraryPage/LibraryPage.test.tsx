import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { libraryApi } from '../../test/fixtures.ts';
import { renderLibrary } from '../../test/renderLibrary.tsx';

describe('LibraryPage', () => {
  it('shows each video with its state, the transcode in progress, and the rails; axe clean', async () => {
    const { routes } = libraryApi();
    const { container } = await renderLibrary({ routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    // The heading shows while the list loads; wait for the list itself.
    expect(await screen.findByRole('progressbar', { name: 'Processing: 40 %' })).toHaveAttribute('value', '40');
    expect(screen.getByText(/Ready · Published/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Poster of Season review' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video file')).toHaveAttribute('accept', 'video/*');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saves a video’s titles in both languages, its access and its publish date', async () => {
    const user = userEvent.setup();
    const { routes, sent } = libraryApi();
    await renderLibrary({ routes });
    await user.click(await screen.findByText('Edit Season review'));
    const form = screen.getByRole('form', { name: 'Edit Season review' });
    await user.type(within(form).getByRole('textbox', { name: 'Title (French)' }), 'La saison en revue');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Who may watch' }), 'registered');
    await user.click(within(form).getByRole('button', { name: 'Save Season review' }));
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({
      texts: { en: { title: 'Season review', description: 'The year in goals' }, fr: { title: 'La saison en revue', description: null } },
      access: 'registered',
      categoryId: 1,
      publishedAt: '2026-12-01T10:00:00.000Z',
    });
  });

  it('names an empty title in the channel’s language before sending', async () => {
    const user = userEvent.setup();
    const { routes, sent } = libraryApi();
    await renderLibrary({ routes });
    await user.click(await screen.findByText('Edit Season review'));
    const form = screen.getByRole('form', { name: 'Edit Season review' });
    await user.clear(within(form).getByRole('textbox', { name: /Title \(English\)/ }));
    await user.click(within(form).getByRole('button', { name: 'Save Season review' }));
    expect(within(form).getByRole('textbox', { name: /Title \(English\)/ })).toHaveAccessibleDescription(/Fill in this field./);
    expect(sent).toHaveLength(0);
  });

  it('orders a rail by its buttons and by the drag handle’s keyboard', async () => {
    const user = userEvent.setup();
    const { routes, sent } = libraryApi();
    await renderLibrary({ routes });
    const rail = await screen.findByRole('list', { name: 'Rail Featured' });
    await user.click(within(rail).getByRole('button', { name: 'Move Senior night up' }));
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ itemIds: [12, 11] }));
    expect(await screen.findByText('Senior night moved to position 1 of 2.')).toBeInTheDocument();

    // The handle: space picks it up, the arrow moves it, space drops it (dnd-kit's keyboard sensor).
    const handle = within(await screen.findByRole('list', { name: 'Rail Featured' })).getByRole('button', { name: 'Drag Senior night' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ itemIds: [11, 12] }));
  });

  it('speaks French', async () => {
    const { routes } = libraryApi();
    await renderLibrary({ routes, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vidéothèque' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Téléverser' })).toBeInTheDocument();
  });
});
