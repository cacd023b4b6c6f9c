import type { FakeRequest } from '@grandstand/api-client/testing';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleEvent, scheduleApi } from '../../test/fixtures.ts';
import { renderSchedule } from '../../test/renderSchedule.tsx';

type User = ReturnType<typeof userEvent.setup>;

function creating(answer: (request: FakeRequest) => { status?: number; json: unknown }) {
  const posted: FakeRequest[] = [];
  const { routes } = scheduleApi([consoleEvent()], {
    'POST /console/events': (request) => {
      posted.push(request);
      return answer(request);
    },
  });
  return { routes, posted };
}

async function fillGame(user: User) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Away team' }), 'Lakeside Otters');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Home team' }), 'Northfield Falcons');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'Basketball');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Venue' }), 'Falcon Gym');
  await user.type(screen.getByLabelText(/^Starts \(local date and time\)/), '2026-09-12T19:00');
}

describe('NewEventPage', () => {
  it('creates a free game from two teams, a sport, a venue and a local start, then says so on the list', async () => {
    const user = userEvent.setup();
    const { routes, posted } = creating((request) => ({ json: { event: consoleEvent({ id: 900, localStartsAt: String(request.body?.startsAt) }) } }));
    const { container, where } = await renderSchedule({ routes, route: '/events/new' });

    expect(await screen.findByRole('heading', { level: 1, name: 'New event' })).toBeInTheDocument();
    // The title shows at once; the form once its choices have loaded.
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    expect(screen.getByRole('radio', { name: 'Free, anyone' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Price/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Play prerolls before the event' })).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    await fillGame(user);
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('“Lakeside Otters @ Northfield Falcons” is created.')).toBeInTheDocument();
    expect(where()).toBe('/events');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      api_key: expect.any(String),
      name: null,
      homeTeamId: 1,
      awayTeamId: 2,
      schoolId: null,
      sportId: 100,
      venueId: 20,
      startsAt: '2026-09-12T19:00',
      timeZone: 'America/Chicago',
      accessType: 'free',
      price: 0,
      serviceFee: 0,
      prerolls: true,
      published: true,
    });
  });

  it('checks before sending: a name or both teams, a sport, a start; the first problem takes the focus', async () => {
    const user = userEvent.setup();
    const { routes, posted } = creating(() => ({ json: {} }));
    const { container } = await renderSchedule({ routes, route: '/events/new' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Home team' }), 'Northfield Falcons');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Required unless both teams are chosen. Give a name or choose both teams');
    expect(screen.getByRole('combobox', { name: 'Sport' })).toHaveAccessibleDescription('Field is required');
    expect(screen.getByLabelText(/^Starts \(local date and time\)/)).toHaveAccessibleDescription('Field is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(posted).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();

    // The same team on both sides is refused too; choosing the other team clears the name's problem.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Away team' }), 'Northfield Falcons');
    expect(name).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(screen.getByRole('combobox', { name: 'Home team' })).toHaveAccessibleDescription('The home and away teams must differ');
  });

  it('asks a paid event for its price and fee, above 0, and sends them', async () => {
    const user = userEvent.setup();
    const { routes, posted } = creating(() => ({ json: { event: consoleEvent({ id: 901, accessType: 'paid', price: 9.99, serviceFee: 1 }) } }));
    await renderSchedule({ routes, route: '/events/new' });
    await fillGame(user);
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    await user.type(screen.getByRole('textbox', { name: 'Service fee (USD)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(price).toHaveAccessibleDescription("In the channel's currency. Field is required");
    expect(screen.getByRole('textbox', { name: 'Service fee (USD)' })).toHaveAccessibleDescription('Enter an amount above 0');
    expect(posted).toHaveLength(0);

    await user.type(price, '9,99');
    await user.clear(screen.getByRole('textbox', { name: 'Service fee (USD)' }));
    await user.type(screen.getByRole('textbox', { name: 'Service fee (USD)' }), '1');
    await user.click(screen.getByRole('checkbox', { name: 'Play prerolls before the event' }));
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ accessType: 'paid', price: 9.99, serviceFee: 1, prerolls: false });
  });

  it('shows the server’s refusal on the field it names, in the operator’s language', async () => {
    const user = userEvent.setup();
    const { routes } = creating(() => ({ status: 400, json: { message: 'Unknown time zone', field: 'timeZone', code: 'BAD_TIME_ZONE' } }));
    await renderSchedule({ routes, route: '/events/new', language: 'fr' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Équipe visiteuse' }), 'Lakeside Otters');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Équipe locale' }), 'Northfield Falcons');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'Basketball');
    await user.type(screen.getByLabelText(/^Début \(date et heure locales\)/), '2026-09-12T19:00');
    await user.click(screen.getByRole('button', { name: 'Créer l’événement' }));

    const zone = screen.getByRole('combobox', { name: 'Fuseau horaire' });
    await waitFor(() => expect(zone).toHaveFocus());
    expect(zone).toHaveAccessibleDescription('Choisissez un fuseau horaire de la liste');
    expect(screen.getByRole('alert')).toHaveTextContent('Certains champs demandent votre attention.');
  });

  it('tells support they cannot create events', async () => {
    const { routes } = creating(() => ({ json: {} }));
    await renderSchedule({ routes, route: '/events/new', role: 'support' });
    expect(await screen.findByText('Your role can read the events but not change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create event' })).toBeNull();
  });
});

describe('EditEventPage', () => {
  it('opens with the event’s values and saves the change', async () => {
    const user = userEvent.setup();
    const named = consoleEvent({ name: 'Homecoming', customName: true, accessType: 'ppv', price: 15, serviceFee: 2, published: false });
    const { routes, sent } = scheduleApi([named]);
    const { where, container } = await renderSchedule({ routes, route: '/events/501' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Homecoming' })).toBeInTheDocument();
    // The title shows with the event; the form once the choices have loaded too.
    const form = (await screen.findByRole('button', { name: 'Save changes' })).closest('form')!;
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Homecoming');
    expect(within(form).getByRole('combobox', { name: 'Away team' })).toHaveDisplayValue('Lakeside Otters');
    expect(within(form).getByLabelText(/^Starts \(local date and time\)/)).toHaveValue('2026-09-12T19:00');
    expect(within(form).getByRole('radio', { name: 'Pay-per-view' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Price (USD)' })).toHaveValue('15');
    expect(within(form).getByRole('checkbox', { name: 'Published (viewers can see it)' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(within(form).getByRole('checkbox', { name: 'Published (viewers can see it)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(where()).toBe('/events');
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/api/console/events/501' });
    expect(sent[0]?.body).toMatchObject({ name: 'Homecoming', accessType: 'ppv', price: 15, serviceFee: 2, published: true });
  });
});
