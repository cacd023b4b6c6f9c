import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyst, reportsApi, statement } from '../../test/fixtures.ts';
import { renderReports } from '../../test/renderReports.tsx';

describe('StatementPage', () => {
  it('lists revenue by school and team with totals equal to the revenue, CSV links and a print button', async () => {
    const { routes } = reportsApi();
    const { container } = await renderReports({ routes, route: '/reports/statement' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue by school and team' })).toBeInTheDocument();
    const schools = await screen.findByRole('table', { name: 'Revenue by school' });
    expect(within(schools).getByRole('rowheader', { name: 'Northfield High' })).toBeInTheDocument();
    expect(within(schools).getByTestId('statement-total')).toHaveTextContent('$61.47');
    expect(screen.getByRole('link', { name: 'Download “Revenue by school” as CSV' })).toHaveAttribute('href', expect.stringContaining('table=revenue_by_school'));
    expect(screen.getByRole('button', { name: 'Print the statement' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("lets an owner change the share rule, names a bad percentage, and refreshes the statement", async () => {
    const user = userEvent.setup();
    const { routes, sent } = reportsApi();
    await renderReports({ routes, route: '/reports/statement' });
    const percent = await screen.findByRole('textbox', { name: /Percentage paid/ });
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Save the share rule' }));
    expect(percent).toHaveAccessibleDescription(/Enter a percentage from 0 to 100/);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subscription money is shared' }), 'flat');
    await user.click(screen.getByRole('button', { name: 'Save the share rule' }));
    expect(await screen.findByText(/Saved: In equal parts among schools and teams that played · 12.5 % paid./)).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ shareRule: 'flat', sharePercent: 12.5 });
    await waitFor(() => expect(screen.getAllByRole('columnheader', { name: 'Owed (12.5 %)' })).toHaveLength(2));
  });

  it('shows an analyst the rule without a form, and says when pooled money is not credited', async () => {
    const { routes } = reportsApi({ statement: statement({ audience: 'unavailable' }) });
    await renderReports({ routes, route: '/reports/statement', operator: analyst });
    expect(await screen.findByTestId('share-rule')).toHaveTextContent("By watch time of each school's and team's games · 10 % paid");
    expect(screen.queryByRole('button', { name: 'Save the share rule' })).toBeNull();
    expect(await screen.findByTestId('statement-missing')).toHaveTextContent(/did not answer/);
  });
});
