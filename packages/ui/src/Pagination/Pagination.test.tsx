import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Pagination } from './Pagination.tsx';

function Pages({ count, start = 1 }: { count: number; start?: number }) {
  const [page, setPage] = useState(start);
  return (
    <>
      <p>Showing page {page}</p>
      <Pagination page={page} pageCount={count} onPageChange={setPage} label="Pages" previousLabel="Previous" nextLabel="Next" pageLabel={(n) => `Page ${n}`} />
    </>
  );
}

describe('Pagination', () => {
  it('moves between pages by number and by previous/next, marking the current one', async () => {
    const user = userEvent.setup();
    const { container } = renderThemed(<Pages count={5} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // Five pages from the first: 1 2 … 5; the neighbours appear as the current page moves.
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing page 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing page 5')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing page 4')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows nothing when one page holds everything', () => {
    renderThemed(<Pages count={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
