// @vitest-environment node
import { testColors } from '@grandstand/test-kit/fixtures';
import { ChannelThemeProvider } from '@grandstand/ui';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SanitizedHtml } from './SanitizedHtml.tsx';

describe('SanitizedHtml on the server', () => {
  it('renders its box without the HTML, which it cannot sanitise without a DOM', () => {
    const html = renderToString(
      <ChannelThemeProvider colors={testColors}>
        <SanitizedHtml id="page" html='<p>To the schools.</p><img src="x" onerror="steal()">' />
      </ChannelThemeProvider>,
    );
    expect(html).toMatch(/<div[^>]*id="page"[^>]*><\/div>/);
    expect(html).not.toContain('To the schools.');
    expect(html).not.toContain('steal');
  });
});
