import { renderThemed } from '@grandstand/test-kit';
import { AccessPanel } from '@grandstand/ui';
import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerStage } from './PlayerStage.tsx';

describe('PlayerStage', () => {
  it('holds the player in a black 16:9 box', async () => {
    const { container } = renderThemed(
      <PlayerStage>
        <video aria-label="Eagles @ Falcons" />
      </PlayerStage>,
    );
    const stage = screen.getByLabelText('Eagles @ Falcons').parentElement!;
    expect(getComputedStyle(stage).aspectRatio).toBe('16 / 9');
    expect(getComputedStyle(stage).backgroundColor).toBe('rgb(0, 0, 0)');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('holds what stands before the player, centred on the channel’s surface', async () => {
    const { container } = renderThemed(
      <PlayerStage variant="panel">
        <AccessPanel title="Watch this event" message="Log in to watch." actions={[{ href: '/login', label: 'Log in' }]} />
      </PlayerStage>,
    );
    const stage = screen.getByRole('region', { name: 'Watch this event' }).parentElement!;
    expect(getComputedStyle(stage).display).toBe('grid');
    expect(getComputedStyle(stage).textAlign).toBe('center');
    expect(getComputedStyle(stage).backgroundColor).not.toBe('rgb(0, 0, 0)');
    expect(await axe(container)).toHaveNoViolations();
  });
});
