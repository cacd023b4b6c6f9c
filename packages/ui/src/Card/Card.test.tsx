import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Card } from './Card.tsx';

describe('Card', () => {
  it('is a bordered block on the channel’s surface, its text readable on it', async () => {
    const { container } = renderThemed(
      <Card as="article" aria-label="Season pass order" data-testid="card">
        <h3>Season pass</h3>
        <p>Paid</p>
      </Card>,
    );
    const card = screen.getByRole('article', { name: 'Season pass order' });
    // Its spacing and colours are the theme's CSS variables, which jsdom does not resolve: the
    // story (Layout/Card, Order) checks them in Chromium, on every channel.
    expect(card).toHaveStyle({ display: 'grid' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('can be an item of a list of offers', () => {
    renderThemed(
      <ul>
        <Card as="li" gap="md">
          Team pass
        </Card>
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveStyle({ gap: '16px' });
  });
});
