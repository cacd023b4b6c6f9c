import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyst, audience, reportsApi } from '../../test/fixtures.ts';
import { renderReports } from '../../test/renderReports.tsx';

describe('ReportsPage', () => {
  it("shows the server's money with refunds and comps apart, each figure as a table with its CSV, and the audience", async () => {
    const { routes } = reportsApi();
    const { container } = await renderReports({ routes, operator: analyst });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$61.47');
    expect(screen.getByText('$11.49 (1)')).toBeInTheDocument();
    // Every chart has its table, read by screen readers (the drawing is hidden from them).
    const figure = screen.getByText('Revenue by offer').closest('figure')!;
    expect(within(figure).getByRole('rowheader', { name: 'Northfield Owls pass' })).toBeInTheDocument();
    expect(within(figure).getByRole('cell', { name: '$39.99' })).toBeInTheDocument();
    expect(figure.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(figure).getByRole('link', { name: 'Download “Revenue by offer” as CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/console\/reports\/export\.csv\?table=revenue_by_product&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/),
    );
    expect(await screen.findByText('Viewers now')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says which figures are missing when the analytics service is not configured, and still shows the money', async () => {
    const { routes } = reportsApi({ audience: audience({ status: 'not_configured', figures: null }) });
    await renderReports({ routes });
    expect(await screen.findByTestId('audience-missing')).toHaveTextContent('The analytics service is not configured: viewers now, watch time and the purchase funnel are missing.');
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$61.47');
  });

  it('asks for the period chosen, and names a period that ends before it starts', async () => {
    const user = userEvent.setup();
    const { routes, sent } = reportsApi();
    await renderReports({ routes });
    await screen.findByTestId('revenue-total');
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    await user.clear(from);
    await user.type(from, '2026-12-05');
    await user.clear(to);
    await user.type(to, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The first day must come before the last.')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '2026-12-06');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(sent.at(-1)?.query).toMatchObject({ from: '2026-12-05', to: '2026-12-06' }));
  });

  it('shows an error with a way to try again, and the page in French', async () => {
    const { routes } = reportsApi({ extra: { 'GET /console/reports/overview': () => ({ status: 500, json: { message: 'boom' } }) } });
    await renderReports({ routes, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapports' })).toBeInTheDocument();
    expect(await screen.findByText("Les rapports n'ont pas pu être chargés.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
