import { STORAGE_KEYS } from '@grandstand/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_CHANNEL_ID, siteStoragePrefix } from '../channel.ts';
import { storedUserKey, viewerStored } from './storedViewer.ts';

function pageFor(slug: string | null): void {
  document.body.innerHTML = slug === null ? '<div id="root"></div>' : `<script type="application/json" id="${SITE_CHANNEL_ID}">${JSON.stringify({ slug })}</script><div id="root"></div>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('viewerStored', () => {
  it('reads the key the site keeps its user under: the channel’s prefix and the api client’s key', () => {
    expect(storedUserKey('northfield')).toBe(`${siteStoragePrefix('northfield')}${STORAGE_KEYS.user}`);
  });

  it('is true when this browser keeps a user for the page’s channel, and for it alone', () => {
    pageFor('northfield');
    expect(viewerStored(document, () => localStorage)).toBe(false);
    localStorage.setItem(storedUserKey('laurentides'), '{}');
    expect(viewerStored(document, () => localStorage)).toBe(false);
    localStorage.setItem(storedUserKey('northfield'), '{}');
    expect(viewerStored(document, () => localStorage)).toBe(true);
  });

  it('is false for a page naming no channel, and where the browser refuses the page its storage', () => {
    pageFor(null);
    localStorage.setItem(storedUserKey('northfield'), '{}');
    expect(viewerStored(document, () => localStorage)).toBe(false);
    pageFor('northfield');
    expect(
      viewerStored(document, () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBe(false);
  });
});
