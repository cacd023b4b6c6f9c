import { axe } from '@grandstand/vitest-config/axe';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { percentOf, ShareBar } from './ShareBar.tsx';

describe('ShareBar', () => {
  it('draws the share as a bar hidden from screen readers, beside a figure in words', async () => {
    const { container } = renderThemed(
      <ul>
        <li>
          <span>Owls: 3 votes, 60 %</span>
          <ShareBar percent={60} />
        </li>
      </ul>,
    );
    const bar = container.querySelector('[aria-hidden="true"]');
    expect(bar).not.toBeNull();
    expect(bar?.querySelector('span')?.style.width).toBe('60%');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('holds a share outside 0 to 100 to the nearer end', () => {
    const { container } = renderThemed(
      <>
        <ShareBar percent={140} />
        <ShareBar percent={-5} />
        <ShareBar percent={Number.NaN} />
      </>,
    );
    expect([...container.querySelectorAll('span')].map((span) => span.style.width)).toEqual(['100%', '0%', '0%']);
  });

  it('counts a share in whole percent, none without a total', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
