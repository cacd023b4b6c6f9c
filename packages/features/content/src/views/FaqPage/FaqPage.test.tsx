import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contentRoutes } from '../../test/fixtures.ts';
import { renderContent } from '../../test/renderContent.tsx';
import { FaqPage } from './FaqPage.tsx';

describe('FaqPage', () => {
  it('lists the questions in their order, each answer closed until asked for', async () => {
    const user = userEvent.setup();
    const { container } = await renderContent(<FaqPage />, { routes: contentRoutes(), route: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    const questions = await screen.findAllByRole('button', { expanded: false });
    expect(questions.map((button) => button.textContent)).toEqual(['How do I buy a pass?', 'Can I watch on my TV?']);
    expect(screen.queryByText('Yes, link a device from your profile.')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Can I watch on my TV?' }));
    expect(screen.getByRole('button', { name: 'Can I watch on my TV?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Yes, link a device from your profile.')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('button', { name: 'Can I watch on my TV?' }));
    expect(screen.queryByText('Yes, link a device from your profile.')).not.toBeVisible();
  });

  it('leads to the playback check, "Test your device" (spec §2 /simulate)', async () => {
    await renderContent(<FaqPage />, { routes: contentRoutes(), route: '/faq' });
    expect(await screen.findByRole('link', { name: 'Test your device' })).toHaveAttribute('href', '/simulate');
  });

  it('is operable from the keyboard and names each question as a heading', async () => {
    const user = userEvent.setup();
    await renderContent(<FaqPage />, { routes: contentRoutes() });
    const first = await screen.findByRole('button', { name: 'How do I buy a pass?' });
    expect(screen.getByRole('heading', { level: 2, name: 'How do I buy a pass?' })).toContainElement(first);
    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(answer).toBeVisible();
  });

  it('shows answers sanitised: no script, and new-tab links without the opener', async () => {
    const user = userEvent.setup();
    await renderContent(<FaqPage />, { routes: contentRoutes() });
    await user.click(await screen.findByRole('button', { name: 'How do I buy a pass?' }));
    const answer = document.getElementById(screen.getByRole('button', { name: 'How do I buy a pass?' }).getAttribute('aria-controls') ?? '');
    expect(answer?.querySelector('script')).toBeNull();
    expect(within(answer as HTMLElement).getByRole('link', { name: 'Packages' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says so when the channel has no questions, and still points to the contacts', async () => {
    const { container } = await renderContent(<FaqPage />, { routes: contentRoutes({ faq: [] }) });
    expect(await screen.findByText('There are no questions here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contacts');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers a retry when the FAQ cannot be loaded', async () => {
    let calls = 0;
    const routes = { ...contentRoutes(), 'GET /faq': () => (++calls === 1 ? { status: 500, json: { message: 'Down' } } : { json: { data: [] } }) };
    const user = userEvent.setup();
    await renderContent(<FaqPage />, { routes });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no questions here yet.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await renderContent(<FaqPage />, { routes: contentRoutes({ faq: [] }), language: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeInTheDocument();
    expect(await screen.findByText('Il n’y a pas encore de questions ici.')).toBeInTheDocument();
  });
});
