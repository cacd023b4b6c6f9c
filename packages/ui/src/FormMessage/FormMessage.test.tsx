import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChannelThemeProvider } from '../theme/ChannelThemeProvider.tsx';
import { createChannelTheme } from '../theme/theme.ts';
import { renderThemed } from '../test/render.tsx';
import { laurentides, midGrey, northfield } from '../test/palettes.ts';
import { FormMessage } from './FormMessage.tsx';

describe('FormMessage', () => {
  it('announces an error at once, as an alert in the theme’s error colour', () => {
    renderThemed(<FormMessage tone="error">Wrong email or password.</FormMessage>);
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Wrong email or password.');
    expect(message).toHaveStyle({ color: createChannelTheme(northfield).colors.danger });
  });

  it('announces a success politely, as a status in the theme’s success colour', () => {
    renderThemed(<FormMessage tone="success">Your changes are saved.</FormMessage>);
    const message = screen.getByRole('status');
    expect(message).toHaveTextContent('Your changes are saved.');
    expect(message).toHaveStyle({ color: createChannelTheme(northfield).colors.success });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps an empty live region mounted, out of sight, so the text that arrives later is announced', () => {
    const { rerender } = renderThemed(<FormMessage tone="success">{''}</FormMessage>);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    expect(region).toHaveStyle({ position: 'absolute', width: '1px', height: '1px' });

    rerender(
      <ChannelThemeProvider colors={northfield}>
        <FormMessage tone="success">Check your inbox.</FormMessage>
      </ChannelThemeProvider>,
    );
    // The same element: screen readers watch the region that was there before the text.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Check your inbox.');
    expect(region).not.toHaveStyle({ position: 'absolute' });
  });

  it('keeps an error region mounted when it has nothing to say yet', () => {
    renderThemed(<FormMessage tone="error" />);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('is readable in both tones on each palette', async () => {
    for (const palette of [northfield, laurentides, midGrey]) {
      const { container, unmount } = renderThemed(
        <div>
          <FormMessage tone="error">The code has expired.</FormMessage>
          <FormMessage tone="success">The device is linked.</FormMessage>
          <FormMessage tone="error">{''}</FormMessage>
        </div>,
        palette,
      );
      expect(await axe(container)).toHaveNoViolations();
      unmount();
    }
  });
});
