import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@grandstand/contract';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { id, at: '2026-12-06T05:00:00.000Z', actor: { kind: 'operator', label: 'owner@northfield.test' }, action: 'operator.role', subject: 'producer@northfield.test', before: { role: 'producer' }, after: { role: 'support' }, ...overrides };
}

describe('AuditPage', () => {
  it('lists who changed what, with before and after, and loads older entries; accessible', async () => {
    const user = userEvent.setup();
    const { container } = await renderConsole({
      route: '/audit',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/audit': (request) =>
          request.query.before === '3'
            ? { json: { entries: [entry(2, { action: 'token.create', actor: { kind: 'token', label: 'Scheduler' }, before: null })], next: null } }
            : { json: { entries: [entry(4), entry(3, { action: 'security.update' })], next: 3 } },
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('operator.role')).toBeInTheDocument();
    await user.click(within(table).getAllByText('Before and after')[0] as HTMLElement);
    expect(within(table).getAllByText(/"role": "support"/)[0]).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Scheduler (token)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('says when nothing has changed yet', async () => {
    await renderConsole({ route: '/audit', routes: { 'GET /console/session': sessionOf(testOperator()), 'GET /console/audit': () => ({ json: { entries: [], next: null } }) } });
    expect(await screen.findByText('Nothing has changed yet.')).toBeInTheDocument();
  });
});
