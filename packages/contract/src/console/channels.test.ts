import { describe, expect, it } from 'vitest';
import { ChannelBlocks, ChannelHostname, UpdateChannelLookBody, UpdatePlatformChannelBody } from './channels.ts';

describe('the control room’s channel calls', () => {
  it('takes a custom domain as a lower-case DNS name, and nothing a browser or the registry would read otherwise', () => {
    expect(ChannelHostname.parse(' Watch.Northfield.Example ')).toBe('watch.northfield.example');
    expect(ChannelHostname.parse('a-b.c-d.example')).toBe('a-b.c-d.example');
    for (const bad of ['https://watch.example.com', 'watch.example.com:8443', 'watch.example.com/x', 'localhost', 'x.localhost', '10.0.0.1', 'example', '-a.example', 'a..example', 'a_b.example', `${'a'.repeat(64)}.example`]) {
      expect(ChannelHostname.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('names a bad colour by its path and refuses keys it does not know', () => {
    const bad = UpdateChannelLookBody.safeParse({ colors: { 'primary-color': '#12345' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['colors', 'primary-color']);
    expect(UpdateChannelLookBody.safeParse({ colors: { 'link-color': '#123456' } }).success).toBe(false);
    expect(UpdateChannelLookBody.parse({ fallback_colors: { 'header-background': '#ABCDEF' } })).toEqual({ fallback_colors: { 'header-background': '#ABCDEF' } });
    expect(UpdatePlatformChannelBody.safeParse({ status: 'closed' }).success).toBe(false);
    expect(UpdatePlatformChannelBody.safeParse({ public_origin: 'https://watch.example.com/' }).success).toBe(false);
  });

  it('refuses two static blocks with one alias, naming the second', () => {
    const twice = ChannelBlocks.safeParse({ blocks: [{ alias: 'about', title: 'A', content: '' }, { alias: 'about', title: 'B', content: '' }] });
    expect(twice.error?.issues[0]?.path).toEqual(['blocks', 1, 'alias']);
  });
});
