import { axe } from '@grandstand/vitest-config/axe';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { DEFAULT_RAIL_INTERVAL, Rail } from './Rail.tsx';

const CARD = 300;

/**
 * jsdom lays nothing out: give the list the geometry a browser would (four 300 px cards in a
 * 600 px window) and a scrollTo that moves it, recording where each step went.
 */
function layOut(list: HTMLElement) {
  let scrollLeft = 0;
  const positions: number[] = [];
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: 600 });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: CARD * list.children.length });
  Object.defineProperty(list, 'scrollLeft', { configurable: true, get: () => scrollLeft, set: (value: number) => (scrollLeft = value) });
  Array.from(list.children).forEach((item, index) => Object.defineProperty(item, 'offsetLeft', { configurable: true, value: index * CARD }));
  list.scrollTo = ((options: ScrollToOptions) => {
    scrollLeft = options.left ?? scrollLeft;
    positions.push(scrollLeft);
  }) as typeof list.scrollTo;
  return positions;
}

function renderRail(intervalMs?: number) {
  const result = renderThemed(
    <Rail title="Live now" previousLabel="Previous" nextLabel="Next" {...(intervalMs === undefined ? {} : { intervalMs })}>
      {['Eagles @ Lions', 'Hawks @ Bears', 'Owls @ Foxes', 'Rams @ Colts'].map((name) => (
        <a key={name} href={`#${name}`}>
          {name}
        </a>
      ))}
    </Rail>,
  );
  const positions = layOut(screen.getByRole('list'));
  return { ...result, positions };
}

describe('Rail', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  describe('by itself', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('steps one card every 5000 ms and starts over after the last', () => {
      expect(DEFAULT_RAIL_INTERVAL).toBe(5000);
      const { positions } = renderRail();
      act(() => vi.advanceTimersByTime(4999));
      expect(positions).toEqual([]);
      act(() => vi.advanceTimersByTime(1));
      expect(positions).toEqual([300]);
      // At 600 the last card is in view (600 + 600 = 1200): the next step goes back to the start.
      act(() => vi.advanceTimersByTime(10_000));
      expect(positions).toEqual([300, 600, 0]);
    });

    it('pauses while the pointer is over it and while focus is inside it', () => {
      const { positions } = renderRail();
      const rail = screen.getByRole('region', { name: 'Live now' });
      fireEvent.mouseEnter(rail);
      act(() => vi.advanceTimersByTime(15_000));
      expect(positions).toEqual([]);
      fireEvent.mouseLeave(rail);

      act(() => screen.getByRole('link', { name: 'Hawks @ Bears' }).focus());
      act(() => vi.advanceTimersByTime(15_000));
      expect(positions).toEqual([]);
      // Focus moving to another card of the rail keeps it paused.
      act(() => screen.getByRole('link', { name: 'Owls @ Foxes' }).focus());
      act(() => vi.advanceTimersByTime(5000));
      expect(positions).toEqual([]);

      act(() => screen.getByRole('link', { name: 'Owls @ Foxes' }).blur());
      act(() => vi.advanceTimersByTime(5000));
      expect(positions).toEqual([300]);
    });

    it('stays still for a viewer who prefers reduced motion', () => {
      Object.defineProperty(window, 'matchMedia', {
        configurable: true,
        value: (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
      });
      const { positions } = renderRail();
      act(() => vi.advanceTimersByTime(20_000));
      expect(positions).toEqual([]);
    });

    it('can be told not to move at all', () => {
      const { positions } = renderRail(0);
      act(() => vi.advanceTimersByTime(20_000));
      expect(positions).toEqual([]);
    });
  });

  it('steps by hand with its named buttons, wrapping at both ends', async () => {
    const user = userEvent.setup();
    const { container, positions } = renderRail(0);
    await user.click(screen.getByRole('button', { name: 'Next: Live now' }));
    await user.click(screen.getByRole('button', { name: 'Next: Live now' }));
    await user.click(screen.getByRole('button', { name: 'Previous: Live now' }));
    await user.click(screen.getByRole('button', { name: 'Previous: Live now' }));
    await user.click(screen.getByRole('button', { name: 'Previous: Live now' }));
    expect(positions).toEqual([300, 600, 300, 0, 600]);
    expect(screen.getByRole('heading', { level: 2, name: 'Live now' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows no step buttons for a single card', () => {
    renderThemed(
      <Rail title="On demand" previousLabel="Previous" nextLabel="Next">
        <a href="#one">One</a>
      </Rail>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
