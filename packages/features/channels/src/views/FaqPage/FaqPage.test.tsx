import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqApi } from '../../test/fixtures.ts';
import { renderChannels } from '../../test/renderChannels.tsx';

describe('FaqPage', () => {
  it('lists the questions in order, each with its answer, and moves, removes, adds and saves them as a whole', async () => {
    const user = userEvent.setup();
    const { routes, sent } = faqApi();
    const { container } = await renderChannels({ routes, route: '/faq' });

    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Question 1: question' })).toHaveValue('How do I watch a game?');
    expect(screen.getByRole('textbox', { name: 'Question 2: answer' })).toHaveValue('<p>All sales are final.</p>');
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(screen.getByRole('textbox', { name: 'Question 1: question' })).toHaveValue('Can I get a refund?');
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(screen.queryByRole('textbox', { name: 'Question 2: question' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const question = screen.getByRole('textbox', { name: 'Question 2: question' });
    await waitFor(() => expect(question).toHaveFocus());
    await user.type(question, 'Is there a student price?');
    await user.type(screen.getByRole('textbox', { name: 'Question 2: answer' }), 'Yes, with a school email.');
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    expect(await screen.findByText('The FAQ is saved. Viewers see it on their next page.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({
      items: [
        { question: 'Can I get a refund?', answer: '<p>All sales are final.</p>' },
        { question: 'Is there a student price?', answer: 'Yes, with a school email.' },
      ],
    });
  });

  it('names an empty field before sending, then the one the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { routes, sent } = faqApi();
    const put = routes['PUT /console/channel/faq']!;
    await renderChannels({
      routes: { ...routes, 'PUT /console/channel/faq': (request) => (refuse ? { status: 400, json: { message: 'items.1.answer must not be empty', field: 'items.1.answer', code: 'INVALID' } } : put(request)) },
      route: '/faq',
    });
    const answer = await screen.findByRole('textbox', { name: 'Question 2: answer' });
    await user.clear(answer);
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    await waitFor(() => expect(answer).toHaveFocus());
    expect(answer).toHaveAccessibleDescription(/Fill in this field./);
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(sent).toHaveLength(0);

    await user.type(answer, 'Refunds within 24 hours.');
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    await waitFor(() => expect(answer).toHaveAccessibleDescription(/items.1.answer must not be empty/));
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    expect(await screen.findByText('The FAQ is saved. Viewers see it on their next page.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { routes } = faqApi();
    const { container } = await renderChannels({ routes, route: '/faq', language: 'fr' });
    expect(await screen.findByRole('textbox', { name: 'Question 1 : question' })).toBeInTheDocument();
    const first = screen.getByRole('listitem', { name: 'Question 1' });
    expect(within(first).getByRole('button', { name: 'Descendre la question 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enregistrer la FAQ' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
