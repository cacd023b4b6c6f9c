import { describe, expect, it } from 'vitest';
import { readSiteChannel, SITE_CHANNEL_ID } from './channel.ts';
import channel from './test/channel.ts';

/** A page as the server sends it, its channel script holding `json` (none for null). */
function pageWith(json: string | null): Document {
  const page = document.implementation.createHTMLDocument('site');
  if (json !== null) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = SITE_CHANNEL_ID;
    script.textContent = json;
    page.body.append(script);
  }
  return page;
}

describe('readSiteChannel', () => {
  it('reads the channel the server wrote into the page', () => {
    expect(readSiteChannel(pageWith(JSON.stringify(channel)))).toEqual(channel);
    expect(readSiteChannel(pageWith(JSON.stringify({ ...channel, logo: null })))).toEqual({ ...channel, logo: null });
  });

  it('reads a name that holds markup as the server escaped it', () => {
    const named = { ...channel, name: 'Ligue "A" </script> & co' };
    const escaped = JSON.stringify(named).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
    expect(readSiteChannel(pageWith(escaped))?.name).toBe('Ligue "A" </script> & co');
  });

  it('is null for a page that names no channel, a placeholder or a channel in another shape', () => {
    expect(readSiteChannel(pageWith(null))).toBeNull();
    expect(readSiteChannel(pageWith('%CHANNEL%'))).toBeNull();
    expect(readSiteChannel(pageWith('{"slug":"x"}'))).toBeNull();
    expect(readSiteChannel(pageWith(JSON.stringify({ ...channel, fallbackColors: null })))).toBeNull();
    expect(readSiteChannel(pageWith(JSON.stringify({ ...channel, logo: 3 })))).toBeNull();
  });
});
