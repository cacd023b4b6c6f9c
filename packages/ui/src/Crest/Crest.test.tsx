import { axe } from '@grandstand/vitest-config/axe';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Crest, initials } from './Crest.tsx';

describe('Crest', () => {
  it('shows the crest named after the team, in a box of a fixed size', async () => {
    const { container } = renderThemed(<Crest name="Northfield Eagles" src="/crests/eagles.svg" size="3rem" />);
    const img = screen.getByRole('img', { name: 'Northfield Eagles' });
    expect(img).toHaveAttribute('src', '/crests/eagles.svg');
    expect(img).toHaveAttribute('width');
    expect(container.firstElementChild).toHaveStyle({ width: '48px', height: '48px' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is decoration beside a name that says the same', () => {
    const { container } = renderThemed(<Crest name="Northfield Eagles" src="/crests/eagles.svg" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('shows the initials on the team colour without an image or when it breaks', async () => {
    const { container } = renderThemed(
      <ul>
        <li>
          <Crest name="Riverside Lions" color="#002d72" />
        </li>
        <li>
          <Crest name="Lac-Mégantic Aigles" src="/missing.png" />
        </li>
      </ul>,
    );
    expect(screen.getByRole('img', { name: 'Riverside Lions' })).toHaveTextContent('RL');
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Lac-Mégantic Aigles' })).toHaveTextContent('LM');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('takes two initials from a name', () => {
    expect(initials('Northfield High')).toBe('NH');
    expect(initials('École Sainte-Marie')).toBe('ÉS');
    expect(initials('Hockey')).toBe('H');
  });
});
