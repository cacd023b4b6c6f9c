import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { domainsApi } from '../../test/fixtures.ts';
import { renderChannels } from '../../test/renderChannels.tsx';

describe('DomainsPage', () => {
  it('lists the channel’s own domains and says how to point one at the platform', async () => {
    const { routes } = domainsApi();
    const { container } = await renderChannels({ routes, route: '/domains' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Domains' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your domains' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('watch.northfield.example');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Added Nov 20, 2026');
    expect(screen.getByText(/a CNAME record to the platform’s host/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('names the field when the domain is not one, or serves another channel, then adds it', async () => {
    const user = userEvent.setup();
    const { routes, sent } = domainsApi([], ['watch.laurentides.example']);
    const { container } = await renderChannels({ routes, route: '/domains' });
    expect(await screen.findByText('No domains of your own yet.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Domain' });

    await user.type(field, 'https://watch.example.com/live');
    await user.keyboard('{Enter}');
    expect(field).toHaveAccessibleDescription(/Enter a domain name like watch.example.com, without http:\/\/ or a path./);
    expect(field).toHaveFocus();
    expect(sent).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();

    await user.clear(field);
    await user.type(field, 'watch.laurentides.example');
    await user.click(screen.getByRole('button', { name: 'Add the domain' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Another channel already answers on this domain./));
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'Watch.Northfield.Example');
    await user.click(screen.getByRole('button', { name: 'Add the domain' }));
    expect(await screen.findByText('watch.northfield.example now shows this channel.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ hostname: 'watch.northfield.example' });
    expect(await screen.findByRole('listitem')).toHaveTextContent('watch.northfield.example');
    expect(field).toHaveValue('');
  });

  it('removes a domain only once confirmed', async () => {
    const user = userEvent.setup();
    const { routes, sent } = domainsApi();
    await renderChannels({ routes, route: '/domains' });
    await user.click(await screen.findByRole('button', { name: 'Remove watch.northfield.example' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove watch.northfield.example?' });
    expect(dialog).toHaveAccessibleDescription('Viewers who open it will no longer reach this channel.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove watch.northfield.example' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('watch.northfield.example is removed.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/api/console/channel/domains/watch.northfield.example' });
    expect(await screen.findByText('No domains of your own yet.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { routes } = domainsApi();
    const { container } = await renderChannels({ routes, route: '/domains', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Domaines' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retirer watch.northfield.example' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Domaine' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
