import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Loader } from './Loader.tsx';

describe('Loader', () => {
  it('announces what is loading politely and shows it', async () => {
    const { container } = renderThemed(<Loader label="Loading…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading…');
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps the spinner out of the accessibility tree', () => {
    renderThemed(<Loader label="Chargement…" fullScreen />);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/^Chargement…$/);
  });
});
