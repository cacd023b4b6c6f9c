import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prerollsApi } from '../../test/fixtures.ts';
import { renderLibrary } from '../../test/renderLibrary.tsx';

describe('PrerollsPage', () => {
  it('targets a preroll at one sport, games only, with a weight; axe clean', async () => {
    const user = userEvent.setup();
    const { routes, sent } = prerollsApi();
    const { container } = await renderLibrary({ routes, route: '/prerolls' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prerolls' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    const form = screen.getByRole('form', { name: 'Sponsor' });
    await user.click(within(form).getByRole('checkbox', { name: 'Hockey' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Plays before on-demand videos' }));
    const weight = within(form).getByRole('spinbutton', { name: 'Weight' });
    await user.clear(weight);
    await user.type(weight, '3');
    await user.click(within(form).getByRole('button', { name: 'Save Sponsor' }));
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ eventCategoryIds: [8], forVod: false, forLive: true, weight: 3 });
  });

  it('speaks French', async () => {
    const { routes } = prerollsApi();
    await renderLibrary({ routes, route: '/prerolls', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pré-roulages' })).toBeInTheDocument();
  });
});
