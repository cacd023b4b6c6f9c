import { afterEach, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { pushEcommerce } from './ecommerce.ts';
import { isLocalHost, loadTagManager } from './tagManager.ts';

const opened: JSDOM[] = [];
function page(url: string): Document {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url });
  opened.push(dom);
  return dom.window.document;
}
const scripts = (doc: Document) => [...doc.querySelectorAll('script')].map((script) => script.src);

afterEach(() => {
  for (const dom of opened.splice(0)) dom.window.close();
});

describe('loadTagManager', () => {
  it('adds the tag manager script for the tracking id, once', () => {
    const doc = page('https://watch.northfield.example/');
    expect(loadTagManager('GTM-ABC123', doc)).toBe(true);
    expect(loadTagManager('GTM-ABC123', doc)).toBe(false);
    expect(loadTagManager('GTM-OTHER', doc)).toBe(false);
    expect(scripts(doc)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123']);
    expect(doc.querySelector('script')?.async).toBe(true);
  });

  it('starts the data layer as the tag manager snippet does, keeping events pushed earlier', () => {
    const doc = page('https://watch.northfield.example/');
    const view = doc.defaultView as unknown as { dataLayer?: unknown[] };
    pushEcommerce('view_buy_page', { currency: 'USD', value: 1, items: [] }, view);
    loadTagManager('GTM-ABC123', doc);
    expect(view.dataLayer).toHaveLength(3);
    expect(view.dataLayer?.[2]).toMatchObject({ event: 'gtm.js' });
  });

  it('loads nothing without an id', () => {
    const doc = page('https://watch.northfield.example/');
    expect(loadTagManager(null, doc)).toBe(false);
    expect(loadTagManager('  ', doc)).toBe(false);
    expect(scripts(doc)).toEqual([]);
  });

  it('never loads on localhost (spec §9)', () => {
    for (const url of ['http://localhost:5173/', 'http://northfield.localhost:4173/events', 'http://127.0.0.1:3000/']) {
      const doc = page(url);
      expect(loadTagManager('GTM-ABC123', doc)).toBe(false);
      expect(scripts(doc)).toEqual([]);
    }
  });

  it('uses the current document by default', () => {
    // jsdom's default page is on localhost: the default document is read, and skipped as local.
    expect(document.location.hostname).toBe('localhost');
    expect(loadTagManager('GTM-ABC123')).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('escapes the id into the script address', () => {
    const doc = page('https://watch.northfield.example/');
    loadTagManager('GTM-1&x=<y>', doc);
    expect(scripts(doc)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-1%26x%3D%3Cy%3E']);
  });
});

describe('isLocalHost', () => {
  it('tells local hosts from channel hosts', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('LOCALHOST.')).toBe(true);
    expect(isLocalHost('eastbrook.localhost')).toBe(true);
    expect(isLocalHost('localhost.example.com')).toBe(false);
    expect(isLocalHost('watch.northfield.example')).toBe(false);
  });
});
