import type { FakeRequest } from '@grandstand/api-client/testing';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contentRoutes, settings } from '../../test/fixtures.ts';
import { renderContent } from '../../test/renderContent.tsx';
import { ContactsPage } from './ContactsPage.tsx';

type User = ReturnType<typeof userEvent.setup>;

async function fillValid(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), '  Ann Lee ');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.org');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+1 (555) 123-4567');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Other');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please cover the final.');
  await user.click(screen.getByRole('checkbox', { name: 'You may contact me about this request.' }));
}

describe('ContactsPage with the channel’s form', () => {
  it('renders one control per field type', async () => {
    const { container } = await renderContent(<ContactsPage />, { routes: contentRoutes(), route: '/contacts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveDisplayValue('Choose an option');
    expect(screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'You may contact me about this request.' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('marks every missing required field with spec §5’s text, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { api, container } = await renderContent(<ContactsPage />, { routes: contentRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveFocus();
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Field is required');
    expect(screen.getAllByText('Field is required')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeValid();
    expect(api.calls.some((call) => call.method === 'POST' && call.path.startsWith('/api/custom-forms'))).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks the email and phone formats, and clears a message once the field is fixed', async () => {
    const user = userEvent.setup();
    await renderContent(<ContactsPage />, { routes: contentRoutes() });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555-1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('A valid email address is required');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('A valid phone number is required');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'example.org');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeValid();
    expect(screen.queryByText('A valid email address is required')).toBeNull();
  });

  it('sends the trimmed values with the api key, then thanks the viewer and empties the form', async () => {
    const user = userEvent.setup();
    const sent: FakeRequest[] = [];
    const routes = contentRoutes({
      onSubmit: (request) => {
        sent.push(request);
        return { json: { data: { id: 41 } } };
      },
    });
    await renderContent(<ContactsPage />, { routes });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your message has been sent.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/custom-forms/contacts');
    expect(sent[0]?.body).toEqual({
      api_key: 'test-api-key-0001',
      values: { name: 'Ann Lee', email: 'ann@example.org', phone: '+1 (555) 123-4567', topic: 'Other', message: 'Please cover the final.', consent: true },
    });
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'You may contact me about this request.' })).not.toBeChecked();
  });

  it('shows it is sending and refuses a second press meanwhile', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    const routes = contentRoutes({
      onSubmit: async () => {
        posts += 1;
        await gate;
        return { json: { data: { id: 1 } } };
      },
    });
    await renderContent(<ContactsPage />, { routes });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('shows the server’s 4xx message and marks the field it names', async () => {
    const user = userEvent.setup();
    const routes = contentRoutes({ onSubmit: () => ({ status: 400, json: { message: 'The topic field must be one of the options.', field: 'topic' } }) });
    await renderContent(<ContactsPage />, { routes });
    await screen.findByRole('button', { name: 'Send' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The topic field must be one of the options.');
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    expect(topic).toBeInvalid();
    expect(topic).toHaveFocus();
    // Nothing is lost: the viewer fixes and sends again.
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('  Ann Lee ');
  });

  it('translates a recognised server message and words a 5xx generically', async () => {
    const user = userEvent.setup();
    let reply = { status: 400, json: { message: 'A valid email address is required', field: 'email' } };
    await renderContent(<ContactsPage />, { routes: contentRoutes({ onSubmit: () => reply }), language: 'fr' });
    await screen.findByRole('button', { name: 'Envoyer' });
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.org');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Other');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Bonjour');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Une adresse courriel valide est requise'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Une adresse courriel valide est requise');

    reply = { status: 500, json: { message: 'database exploded', field: 'email' } };
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Une erreur s’est produite. Veuillez réessayer ou contacter l’assistance technique'));
  });
});

describe('ContactsPage without a form', () => {
  it('shows the channel’s contacts block when it has one', async () => {
    const withBlock = { ...settings, static_blocks: [...settings.static_blocks, { alias: 'contacts', title: 'Reach us', content: '<p>Write to <a href="mailto:help@example.org">help@example.org</a>.</p><script>x()</script>' }] };
    const { container } = await renderContent(<ContactsPage />, { routes: contentRoutes({ forms: { contacts: null }, settings: withBlock }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reach us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(container.querySelector('script, form')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('otherwise points to the FAQ', async () => {
    const { container } = await renderContent(<ContactsPage />, { routes: contentRoutes({ forms: { contacts: null }, settings: { ...settings, static_blocks: [] } }) });
    expect(await screen.findByText('Have a question? Many answers are in our frequently asked questions.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    expect(await axe(container)).toHaveNoViolations();
  });
});
