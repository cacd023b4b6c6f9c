import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { laurentides, midGrey } from '../test/palettes.ts';
import { Badge } from './Badge.tsx';

describe('Badge', () => {
  it('shows its label in every tone, readable on each palette', async () => {
    for (const palette of [undefined, laurentides, midGrey]) {
      const { container, unmount } = renderThemed(
        <p>
          <Badge tone="live">Live</Badge> <Badge tone="primary">Free</Badge> <Badge>$9.99</Badge>
        </p>,
        palette,
      );
      expect(screen.getByText('Live')).toBeVisible();
      expect(screen.getByText('Free')).toBeVisible();
      expect(screen.getByText('$9.99')).toBeVisible();
      expect(await axe(container)).toHaveNoViolations();
      unmount();
    }
  });

  it('reads as its text alone: the live dot is hidden from screen readers', () => {
    renderThemed(<Badge tone="live">Live</Badge>);
    expect(screen.getByText('Live')).toHaveTextContent(/^Live$/);
    expect(screen.getByText('Live').querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
