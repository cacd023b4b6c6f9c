import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Skeleton } from './Skeleton.tsx';

describe('Skeleton', () => {
  it('takes the size it is given and stays out of the accessibility tree', async () => {
    const { container } = renderThemed(
      <div role="status" aria-busy="true" aria-label="Loading events">
        <Skeleton shape="block" width="320px" height="180px" />
        <Skeleton width="60%" />
      </div>,
    );
    const [block, line] = Array.from(container.querySelectorAll('[aria-hidden="true"]'));
    expect(block).toHaveStyle({ width: '320px', height: '180px' });
    expect(line).toHaveStyle({ width: '60%' });
    // Only the container speaks: the placeholders add no text.
    expect(screen.getByRole('status', { name: 'Loading events' })).toHaveTextContent('');
    expect(await axe(container)).toHaveNoViolations();
  });
});
