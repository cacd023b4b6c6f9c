import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Stack } from './Stack.tsx';

describe('Stack', () => {
  it('spaces its children by the theme’s gap, md by default', async () => {
    const { container } = renderThemed(
      <Stack as="section" aria-label="Passes" data-testid="stack">
        <h2>Passes</h2>
        <p>Season and team passes.</p>
      </Stack>,
    );
    const stack = screen.getByRole('region', { name: 'Passes' });
    expect(stack).toHaveStyle({ display: 'grid', gap: '16px' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lays actions out in a wrapping row', () => {
    renderThemed(
      <Stack direction="row" gap="sm" data-testid="row">
        <button type="button">Retry</button>
        <button type="button">Cancel</button>
      </Stack>,
    );
    expect(screen.getByTestId('row')).toHaveStyle({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' });
  });

  it('can be the form itself', () => {
    renderThemed(
      <Stack as="form" aria-label="Log in">
        <label>
          Email <input type="email" />
        </label>
      </Stack>,
    );
    expect(screen.getByRole('form', { name: 'Log in' })).toHaveStyle({ display: 'grid' });
  });
});
