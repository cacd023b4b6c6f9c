import { describe, expect, it } from 'vitest';
import { PAGE_CHANNEL_ID, readPageChannel } from './channel.ts';

function pageWith(script: string | null): Document {
  const page = document.implementation.createHTMLDocument('console');
  if (script !== null) {
    const element = page.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_CHANNEL_ID;
    element.textContent = script;
    page.body.append(element);
  }
  return page;
}

describe('readPageChannel', () => {
  it('reads the host channel the server wrote into the page', () => {
    const channel = { slug: 'laurentides', name: 'Laurentides', language: 'fr', fallbackColors: { 'body-background': '#ffffff' } };
    expect(readPageChannel(pageWith(JSON.stringify(channel)))).toEqual(channel);
  });

  it('gives null for a page no server wrote into, or one it cannot read', () => {
    expect(readPageChannel(pageWith(null))).toBeNull();
    expect(readPageChannel(pageWith('%CHANNEL%'))).toBeNull();
    expect(readPageChannel(pageWith('{"slug":"x"}'))).toBeNull();
  });
});
