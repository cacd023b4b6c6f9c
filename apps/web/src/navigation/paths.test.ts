import type { MenuItem, Page } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { isRemembered, menuHref, toNavItems } from './paths.ts';

const pages: Page[] = [{ id: 7, url: '/about-us', name: 'About us', alt_name: null }];
const base: MenuItem = {
  id: 1,
  title: 'Entry',
  type: 'route',
  placement: 'header',
  position: 0,
  url: '/live',
  page_id: null,
  participant_group: null,
  vod_media_id: null,
};

describe('menuHref', () => {
  it('sends a page entry to the page url from the page list', () => {
    expect(menuHref({ ...base, type: 'page', url: null, page_id: 7 }, pages)).toBe('/about-us');
  });

  it('sends a school entry to the home path with its alias, or its name without one (spec §2)', () => {
    const group = { id: 3, name: 'Lincoln High', alias: 'lincoln' };
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: group }, pages)).toBe('/?school=lincoln');
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: { ...group, alias: null } }, pages)).toBe(
      '/?school=Lincoln+High',
    );
  });

  it('sends a vod media entry to the library with its media id', () => {
    expect(menuHref({ ...base, type: 'vod_media', url: null, vod_media_id: 12 }, pages)).toBe('/vod_library?vod_id=12');
  });

  it('drops entries that lead nowhere and marks links that leave the site', () => {
    const items = toNavItems(
      [
        { ...base, id: 1, type: 'page', url: null, page_id: 99 },
        { ...base, id: 2, type: 'link', url: 'https://example.org' },
      ],
      pages,
    );
    expect(items).toEqual([{ id: 2, label: 'Entry', href: 'https://example.org', external: true }]);
  });
});

describe('remembered pages (spec §2)', () => {
  it('remembers ordinary pages but not auth or error pages', () => {
    expect(isRemembered('/live')).toBe(true);
    expect(isRemembered('/about-us/')).toBe(true);
    expect(isRemembered('/login')).toBe(false);
    expect(isRemembered('/password-reset/')).toBe(false);
    expect(isRemembered('/404')).toBe(false);
  });
});
