import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pollsApi } from '../../test/fixtures.ts';
import { renderEngagement } from '../../test/renderEngagement.tsx';

describe('the polls page', () => {
  it('lists live and upcoming events, shows the chosen event’s polls with their results, and closes the open one', async () => {
    const api = pollsApi();
    const { container, where } = await renderEngagement({ routes: api.routes });
    const select = await screen.findByRole('combobox', { name: 'Event' });
    expect(within(select).getByRole('option', { name: /Live · Riverside Lions @ Northfield Eagles/ })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: /Upcoming · Saturday final/ })).toBeInTheDocument();
    await userEvent.selectOptions(select, '11');
    expect(where()).toBe('/polls?event=11');
    const card = await screen.findByRole('article', { name: 'Player of the game?' });
    expect(within(card).getByText('Ada: 3 (75 %)')).toBeInTheDocument();
    expect(within(card).getByText('4 votes')).toBeInTheDocument();
    // One open poll at a time: the form says so and waits.
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeDisabled();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(within(card).getByRole('button', { name: 'Close the poll' }));
    expect(await within(card).findByText('Closed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Question' })).toBeEnabled());
  });

  it('opens a poll with up to five answers, naming an empty field first', async () => {
    const api = pollsApi([]);
    await renderEngagement({ routes: api.routes, route: '/polls?event=11' });
    expect(await screen.findByText('No poll on this event yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the poll' }));
    expect(await screen.findByText('Fix the fields marked below.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Question' })).toHaveFocus());
    expect(api.bodies).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Who scores next?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Eagles');
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'Lions');
    for (let i = 0; i < 3; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Add an answer' }));
    expect(screen.queryByRole('button', { name: 'Add an answer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove answer 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove answer 4' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Answer 3' }), 'Nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Open the poll' }));
    expect(await screen.findByText('The poll is open: viewers see it within a few seconds.')).toBeInTheDocument();
    expect(api.bodies).toMatchObject([{ question: 'Who scores next?', answers: ['Eagles', 'Lions', 'Nobody'] }]);
    expect(await screen.findByRole('article', { name: 'Who scores next?' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await renderEngagement({ routes: pollsApi().routes, route: '/polls?event=11', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sondages' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Fermer le sondage' })).toBeInTheDocument();
  });

  it('says when there is no event to poll', async () => {
    await renderEngagement({ routes: { 'GET /console/events': () => ({ json: { events: [], total: 0, page: 1, pageSize: 50 } }) } });
    expect(await screen.findByRole('heading', { name: 'No event is live or coming up: schedule one first.' })).toBeInTheDocument();
  });
});
