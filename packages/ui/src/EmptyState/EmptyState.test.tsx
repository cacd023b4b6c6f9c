import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button.tsx';
import { renderThemed } from '../test/render.tsx';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('names what is missing and offers its way out', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const { container } = renderThemed(
      <EmptyState
        title="No events match these filters"
        message="Try another sport or day."
        action={<Button onClick={onClear}>Clear filters</Button>}
        headingLevel={3}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No events match these filters' })).toBeVisible();
    expect(screen.getByText('Try another sport or day.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is a level-2 heading alone when given only a title', () => {
    renderThemed(<EmptyState title="Nothing here yet" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing here yet' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
