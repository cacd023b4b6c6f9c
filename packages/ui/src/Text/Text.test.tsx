import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createChannelTheme } from '../theme/theme.ts';
import { northfield } from '../test/palettes.ts';
import { renderThemed } from '../test/render.tsx';
import { SectionTitle, Text } from './Text.tsx';

describe('Text and SectionTitle', () => {
  it('titles a section at the theme’s section size, without margins', async () => {
    const { container } = renderThemed(
      <section aria-labelledby="orders">
        <SectionTitle id="orders">Active orders</SectionTitle>
        <Text>Your passes.</Text>
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Active orders' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: 'Active orders' });
    // The size is the theme's CSS variable, which jsdom does not resolve: the story (Layout/Text,
    // WithSectionTitle) checks it in Chromium.
    expect(heading).toHaveStyle({ margin: '0px' });
    expect(screen.getByText('Your passes.')).toHaveStyle({ margin: '0px' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is a level-three heading inside a card', () => {
    renderThemed(<SectionTitle as="h3">Your order</SectionTitle>);
    expect(screen.getByRole('heading', { level: 3, name: 'Your order' })).toBeInTheDocument();
  });

  it('writes secondary text in the theme’s muted colour, small or large and bold on demand', async () => {
    const { colors } = createChannelTheme(northfield);
    const { container } = renderThemed(
      <div>
        <Text tone="muted" size="sm">
          Opens your payment provider’s page.
        </Text>
        <Text size="lg" bold>
          $9.99
        </Text>
      </div>,
    );
    expect(screen.getByText('Opens your payment provider’s page.')).toHaveStyle({ color: colors.mutedText, fontSize: '14px' });
    expect(screen.getByText('$9.99')).toHaveStyle({ fontSize: '20px', fontWeight: '700' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
