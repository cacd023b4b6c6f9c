import type { FakeRequest } from '@grandstand/api-client/testing';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { importAnswer, noUnknown, scheduleApi } from '../../test/fixtures.ts';
import { renderSchedule } from '../../test/renderSchedule.tsx';

const CSV = [
  'date,time,time_zone,home,away,sport,venue,access,price',
  '2026-09-12,19:00,America/Chicago,Northfield Falcons,Lakeside Otters,Basketball,Falcon Gym,free,',
  '2026-09-19,19:00,America/Chicago,Northfield Falcons,Hill Hawks,Basketball,Falcon Gym,free,',
  '2026-09-26,25:00,America/Chicago,Northfield Falcons,Lakeside Otters,Basketball,Falcon Gym,paid,',
].join('\n');

/** A server that checks as the real one answers: a bad time and price on line 4, and "Hill Hawks" unknown until created. */
function importServer() {
  const calls: FakeRequest[] = [];
  const { routes } = scheduleApi([], {
    'POST /console/events/import': (request) => {
      calls.push(request);
      const body = request.body as { csv: string; dryRun: boolean; create?: { teams?: string[] } };
      const fixed = !body.csv.includes('25:00');
      const created = body.create?.teams?.includes('Hill Hawks') ?? false;
      const errors = [
        ...(fixed ? [] : [{ line: 4, field: 'time', code: 'BAD_DATE', message: 'must be a time like 19:00' }, { line: 4, field: 'price', code: 'PRICE_REQUIRED', message: 'a paid event needs a price' }]),
        ...(created ? [] : [{ line: 3, field: 'away', code: 'UNKNOWN_NAME', message: 'matches no team' }]),
      ];
      const answer = importAnswer({ valid: 3 - new Set(errors.map((error) => error.line)).size, errors, unknown: { ...noUnknown, teams: created ? [] : ['Hill Hawks'] } });
      if (!body.dryRun) return errors.length > 0 ? { status: 422, json: { message: 'The CSV has errors', code: 'IMPORT_INVALID' } } : { json: { ...answer, created: answer.valid, ids: [1, 2, 3] } };
      return { json: answer };
    },
  });
  return { routes, calls };
}

describe('ImportPage', () => {
  it('checks a pasted season, names each bad line and field, creates an unknown team on request, then imports', async () => {
    const user = userEvent.setup();
    const { routes, calls } = importServer();
    const { container } = await renderSchedule({ routes, route: '/events/import' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Import a season' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute('href', '/api/console/events/import/template.csv');
    await user.click(screen.getByRole('textbox', { name: 'CSV' }));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const table = await screen.findByRole('table', { name: '2 lines need fixing' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['4', 'time', 'must be a time like 19:00'],
      ['4', 'price', 'a paid event needs a price'],
      ['3', 'away', 'matches no team'],
    ]);
    expect(screen.getByText('1 event is ready to import.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(calls[0]?.body).toMatchObject({ csv: CSV, dryRun: true });
    expect(await axe(container)).toHaveNoViolations();

    // The operator fixes line 4 and chooses to create the unknown team, then checks again.
    const csv = screen.getByRole('textbox', { name: 'CSV' });
    await user.clear(csv);
    await user.click(csv);
    await user.paste(CSV.replace('25:00', '18:00').replace('paid,', 'free,'));
    expect(await screen.findByText('The CSV or the choices changed: check again before importing.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    const create = await screen.findByRole('checkbox', { name: 'Create the team “Hill Hawks”' });
    await user.click(create);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('3 events are ready to import.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    // Still on screen, still ticked: the next check accepted it because it is to be created.
    expect(screen.getByRole('checkbox', { name: 'Create the team “Hill Hawks”' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Import 3 events' }));
    expect(await screen.findByText('3 events imported.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ dryRun: false, create: { teams: ['Hill Hawks'] } });
    expect(screen.getByRole('textbox', { name: 'CSV' })).toHaveValue('');
  });

  it('reads a chosen file into the text, and asks for one before checking', async () => {
    const user = userEvent.setup();
    const { routes, calls } = importServer();
    await renderSchedule({ routes, route: '/events/import', language: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Vérifier' }));
    expect(screen.getByText('Collez d’abord le CSV ou choisissez un fichier.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.upload(screen.getByLabelText('Ou choisissez un fichier CSV'), new File([CSV], 'season.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'CSV' })).toHaveValue(CSV));
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('table', { name: '2 lignes à corriger' })).toBeInTheDocument();
  });
});
