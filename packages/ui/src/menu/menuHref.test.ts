import type { MenuItem, Page } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { menuForPlacement } from './menuForPlacement.ts';
import { menuHref, toNavItems } from './menuHref.ts';

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
  it('sends a route entry to its url', () => {
    expect(menuHref(base, pages)).toBe('/live');
  });

  it('sends a page entry to the page url from the page list, else to its own url', () => {
    expect(menuHref({ ...base, type: 'page', url: null, page_id: 7 }, pages)).toBe('/about-us');
    expect(menuHref({ ...base, type: 'page', url: '/old-about', page_id: 7 }, pages)).toBe('/about-us');
    expect(menuHref({ ...base, type: 'page', url: '/kept', page_id: 99 }, pages)).toBe('/kept');
    expect(menuHref({ ...base, type: 'page', url: null, page_id: 99 }, pages)).toBeNull();
  });

  it('sends a school entry, whose url is null, to the home path with its alias, or its name without one (spec §2)', () => {
    const group = { id: 3, name: 'Lincoln High', alias: 'lincoln' };
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: group }, pages)).toBe('/?school=lincoln');
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: { ...group, alias: null } }, pages)).toBe(
      '/?school=Lincoln+High',
    );
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: { ...group, alias: 'st. mary & co' } }, pages)).toBe(
      '/?school=st.+mary+%26+co',
    );
  });

  it('leads nowhere for a school entry without its group, rather than to the home page', () => {
    expect(menuHref({ ...base, type: 'participant_group', url: null, participant_group: null }, pages)).toBeNull();
  });

  it('sends a video entry to the library opened on it, and nowhere without its id', () => {
    expect(menuHref({ ...base, type: 'vod_media', url: null, vod_media_id: 12 }, pages)).toBe('/vod_library?vod_id=12');
    expect(menuHref({ ...base, type: 'vod_media', url: null, vod_media_id: null }, pages)).toBeNull();
  });

  it('keeps a link entry’s absolute address', () => {
    expect(menuHref({ ...base, type: 'link', url: 'https://example.org/tickets' }, pages)).toBe('https://example.org/tickets');
  });
});

describe('toNavItems', () => {
  it('drops entries that lead nowhere and marks links that leave the site', () => {
    const items = toNavItems(
      [
        { ...base, id: 1, type: 'page', url: null, page_id: 99 },
        { ...base, id: 2, type: 'link', url: 'https://example.org' },
        { ...base, id: 3, title: 'Lincoln', type: 'participant_group', url: null, participant_group: { id: 3, name: 'Lincoln High', alias: 'lincoln' } },
      ],
      pages,
    );
    expect(items).toEqual([
      { id: 2, label: 'Entry', href: 'https://example.org', external: true },
      { id: 3, label: 'Lincoln', href: '/?school=lincoln', external: false },
    ]);
  });

  it('builds one menu from the entries placed in it, in their order', () => {
    const menu: MenuItem[] = [
      { ...base, id: 1, title: 'Live', placement: 'header' },
      { ...base, id: 2, title: 'Terms', placement: 'footer', url: '/terms' },
      { ...base, id: 3, title: 'About', placement: 'both', type: 'page', url: null, page_id: 7 },
    ];
    expect(toNavItems(menuForPlacement(menu, 'header'), pages).map((item) => [item.label, item.href])).toEqual([
      ['Live', '/live'],
      ['About', '/about-us'],
    ]);
  });

  it('gives an empty menu for no entries', () => {
    expect(toNavItems([], pages)).toEqual([]);
  });
});
