// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NearViewport } from './NearViewport.tsx';

describe('NearViewport on the server', () => {
  it('renders a placeholder holding the section’s height, not the section', () => {
    const html = renderToString(
      <NearViewport minHeight="26rem">
        <section>Schools</section>
      </NearViewport>,
    );
    expect(html).toContain('data-near-viewport="pending"');
    expect(html).not.toContain('Schools');
    expect(html).not.toContain('style=');
  });
});
