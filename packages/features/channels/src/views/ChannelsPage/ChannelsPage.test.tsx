import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { platformApi, platformOwner, testOperator } from '../../test/fixtures.ts';
import { renderChannels } from '../../test/renderChannels.tsx';

describe('ChannelsPage', () => {
  it('lists every channel with its address, language, state, and a suspend for each but the default', async () => {
    const { routes } = platformApi();
    const { container } = await renderChannels({ routes, route: '/channels', operator: platformOwner });

    expect(await screen.findByRole('heading', { level: 1, name: 'Channels' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Channels on the platform' });
    const northfield = within(list).getByRole('listitem', { name: 'Northfield Schools Network' });
    expect(northfield).toHaveTextContent('northfield (default) · English · USD');
    expect(within(northfield).getByText('Active')).toBeInTheDocument();
    expect(within(northfield).queryByRole('button')).toBeNull();
    const laurentides = within(list).getByRole('listitem', { name: 'Ligue des Laurentides' });
    expect(laurentides).toHaveTextContent('laurentides · regarder.laurentides.example · French · CAD');
    expect(within(laurentides).getByRole('button', { name: 'Suspend Ligue des Laurentides' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('suspends a channel only once confirmed, then offers to restore it', async () => {
    const user = userEvent.setup();
    const { routes, sent } = platformApi();
    await renderChannels({ routes, route: '/channels', operator: platformOwner });

    await user.click(await screen.findByRole('button', { name: 'Suspend Ligue des Laurentides' }));
    let dialog = screen.getByRole('dialog', { name: 'Suspend “Ligue des Laurentides”?' });
    expect(dialog).toHaveAccessibleDescription(/no stream will play until you restore it/);
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Suspend Ligue des Laurentides' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ligue des Laurentides is suspended.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/api/console/platform/channels/2', body: { status: 'suspended' } });
    const item = screen.getByRole('listitem', { name: 'Ligue des Laurentides' });
    await waitFor(() => expect(within(item).getByText('Suspended')).toBeInTheDocument());

    await user.click(within(item).getByRole('button', { name: 'Restore Ligue des Laurentides' }));
    dialog = screen.getByRole('dialog', { name: 'Restore “Ligue des Laurentides”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Ligue des Laurentides is active again.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ status: 'active' });
  });

  it('names each field the new channel lacks before sending, then the address another channel has, then creates it', async () => {
    const user = userEvent.setup();
    const { routes, sent } = platformApi();
    const { container } = await renderChannels({ routes, route: '/channels', operator: platformOwner });
    await screen.findByRole('listitem', { name: 'Ligue des Laurentides' });

    await user.click(screen.getByRole('button', { name: 'Create the channel' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Fill in this field.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Owner’s email' })).toHaveAccessibleDescription('Fill in this field.');
    expect(sent).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Harbour City Rowing');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Harbour City');
    await user.type(screen.getByRole('textbox', { name: 'Currency' }), 'cad');
    await user.type(screen.getByRole('textbox', { name: 'Owner’s email' }), 'coach@harbour.example');
    await user.click(screen.getByRole('button', { name: 'Create the channel' }));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(/Use 2 to 40 lowercase letters, digits or hyphens./);
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Address' }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'laurentides');
    await user.click(screen.getByRole('button', { name: 'Create the channel' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(/A channel already has this address./));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveFocus();

    await user.clear(screen.getByRole('textbox', { name: 'Address' }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'harbour-city');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel’s language' }), 'French');
    await user.click(screen.getByRole('button', { name: 'Create the channel' }));
    expect(await screen.findByText('Harbour City Rowing is created. Its owner has been invited by email.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ name: 'Harbour City Rowing', slug: 'harbour-city', language: 'fr', currency: 'CAD', owner_email: 'coach@harbour.example' });
    expect(await screen.findByRole('listitem', { name: 'Harbour City Rowing' })).toHaveTextContent('harbour-city · French · CAD');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('is the platform owner’s only: another operator reads so, and nothing is asked of the server', async () => {
    const { routes } = platformApi();
    const { api } = await renderChannels({ routes, route: '/channels', operator: testOperator() });
    expect(await screen.findByRole('heading', { name: /Only the platform owner manages the channels/ })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/console'))).toEqual([]);
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    const { routes } = platformApi();
    const { container } = await renderChannels({ routes, route: '/channels', operator: platformOwner, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chaînes' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Suspendre Ligue des Laurentides' }));
    expect(screen.getByRole('dialog', { name: 'Suspendre « Ligue des Laurentides » ?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revenir' }));
    expect(await axe(container)).toHaveNoViolations();
  });
});
