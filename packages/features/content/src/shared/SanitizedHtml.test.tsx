import { testColors } from '@grandstand/test-kit/fixtures';
import { ChannelThemeProvider } from '@grandstand/ui';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { SanitizedHtml } from './SanitizedHtml.tsx';

describe('SanitizedHtml in the browser', () => {
  it('takes over the server’s empty box and fills it in, sanitised', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<div id="page"></div>';
    document.body.append(container);
    const page = (
      <ChannelThemeProvider colors={testColors}>
        <SanitizedHtml id="page" html='<p>To the schools.</p><img src="x" onerror="steal()">' />
      </ChannelThemeProvider>
    );
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) }));

    expect(await screen.findByText('To the schools.')).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('steal');
    expect(errors).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});
