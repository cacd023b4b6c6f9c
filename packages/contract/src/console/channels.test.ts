import { describe, expect, it } from 'vitest';
import { CHANNEL_SETTINGS_BOUNDS, ChannelBlocks, ChannelHostname, isRemoteAuthUrl, UpdateChannelLookBody, UpdateConsoleChannelSettingsBody, UpdatePlatformChannelBody } from './channels.ts';

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

  it('takes a channel’s settings within their bounds, null for the server’s default, naming a bad one by its path', () => {
    expect(UpdateConsoleChannelSettingsBody.parse({ clips: { max_clips: null, storage_quota_mb: 2048 }, stream: { token_lifetime_seconds: 30 } })).toEqual({ clips: { max_clips: null, storage_quota_mb: 2048 }, stream: { token_lifetime_seconds: 30 } });
    for (const [name, { min, max }] of Object.entries(CHANNEL_SETTINGS_BOUNDS)) {
      const group = name === 'token_lifetime_seconds' ? 'stream' : 'clips';
      for (const bad of [min - 1, max + 1, min + 0.5]) {
        const parsed = UpdateConsoleChannelSettingsBody.safeParse({ [group]: { [name]: bad } });
        expect(parsed.success, `${name} ${bad}`).toBe(false);
        expect(parsed.error?.issues[0]?.path).toEqual([group, name]);
      }
    }
    expect(UpdateConsoleChannelSettingsBody.safeParse({ clips: { shares_per_event: null } }).success).toBe(false);
    expect(UpdateConsoleChannelSettingsBody.safeParse({ devices: { remoteAuth: 'https://x.example' } }).success).toBe(false);
  });

  it('sends device linking only to an https address, or http on localhost', () => {
    for (const good of ['https://link.example.com/device', 'http://localhost:8080/link', 'http://laurentides.localhost/link']) expect(isRemoteAuthUrl(good), good).toBe(true);
    for (const bad of ['http://link.example.com/device', 'javascript:alert(1)', 'https://user:secret@link.example.com/', '//link.example.com', 'link.example.com', 'data:text/html,x']) expect(isRemoteAuthUrl(bad), bad).toBe(false);
  });
});
