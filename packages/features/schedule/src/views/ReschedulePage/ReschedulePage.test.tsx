import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleEvent, scheduleApi } from '../../test/fixtures.ts';
import { renderSchedule } from '../../test/renderSchedule.tsx';

describe('ReschedulePage', () => {
  it('moves the event’s start on its own clock and sends only the start and zone', async () => {
    const user = userEvent.setup();
    const { routes, sent } = scheduleApi([consoleEvent()], {});
    const patch = routes['PATCH /console/events/501']!;
    routes['PATCH /console/events/501'] = async (request) => {
      await patch(request);
      return { json: { event: consoleEvent({ startsAt: '2026-09-13T23:00:00.000Z', localStartsAt: '2026-09-13T19:00', timeZone: 'America/New_York' }) } };
    };
    const { container, where } = await renderSchedule({ routes, route: '/events/501/reschedule' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reschedule: Lakeside Otters @ Northfield Falcons' })).toBeInTheDocument();
    expect(screen.getByText('Now: Sep 12, 2026, 7:00 PM CDT')).toBeInTheDocument();
    const start = screen.getByLabelText(/^Starts \(local date and time\)/);
    expect(start).toHaveValue('2026-09-12T19:00');
    expect(await axe(container)).toHaveNoViolations();

    await user.clear(start);
    await user.type(start, '2026-09-13T19:00');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Time zone/ }), 'America/New_York');
    await user.click(screen.getByRole('button', { name: 'Move the event' }));

    expect(await screen.findByText('The event now starts Sep 13, 2026, 7:00 PM EDT.')).toBeInTheDocument();
    expect(where()).toBe('/events');
    expect(sent[0]?.body).toEqual({ api_key: expect.any(String), startsAt: '2026-09-13T19:00', timeZone: 'America/New_York' });
  });

  it('shows a refusal of the start on the start field', async () => {
    const user = userEvent.setup();
    const { routes } = scheduleApi([consoleEvent()], {});
    routes['PATCH /console/events/501'] = () => ({ status: 400, json: { message: 'Not a date', field: 'startsAt', code: 'BAD_DATE' } });
    await renderSchedule({ routes, route: '/events/501/reschedule' });
    const start = await screen.findByLabelText(/^Starts \(local date and time\)/);
    await user.click(screen.getByRole('button', { name: 'Move the event' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription('Enter a date and time such as 2026-09-12 19:00'));
  });
});
