import { renderThemed } from '@grandstand/test-kit';
import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerStage } from '../PlayerStage/PlayerStage.tsx';
import { EmbedFrame } from './EmbedFrame.tsx';

describe('EmbedFrame', () => {
  it('fills the frame in black and centres the stage top to bottom', async () => {
    const { container } = renderThemed(
      <EmbedFrame>
        <PlayerStage>
          <video aria-label="Eagles @ Falcons" />
        </PlayerStage>
      </EmbedFrame>,
    );
    const frame = screen.getByLabelText('Eagles @ Falcons').parentElement!.parentElement!;
    expect(getComputedStyle(frame).display).toBe('grid');
    expect(getComputedStyle(frame).minHeight).toBe(`${window.innerHeight}px`);
    expect(getComputedStyle(frame).alignContent).toBe('center');
    expect(getComputedStyle(frame).backgroundColor).toBe('rgb(0, 0, 0)');
    expect(await axe(container)).toHaveNoViolations();
  });
});
