import { describe, expect, it } from 'vitest';
import { isServerRenderedPath } from './serverRendered.ts';

describe('isServerRenderedPath', () => {
  it('renders a shared clip on the server, as a link preview needs its tags in the HTML', () => {
    expect(isServerRenderedPath('/share/42/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b')).toBe(true);
    expect(isServerRenderedPath('/share_embed/42/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b')).toBe(true);
  });

  it('leaves the viewer’s own clips and malformed share links to the browser', () => {
    expect(isServerRenderedPath('/profile/clips')).toBe(false);
    expect(isServerRenderedPath('/watch_library/42')).toBe(false);
    expect(isServerRenderedPath('/share/42/not-a-uuid')).toBe(false);
    expect(isServerRenderedPath('/share/abc/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b')).toBe(false);
  });

  it('still renders the public pages it did', () => {
    for (const path of ['/', '/live', '/watch/12', '/watch_embed/12', '/404']) expect(isServerRenderedPath(path)).toBe(true);
  });
});
