/**
 * Example values of the contract's shapes for tests and stories: the demo channels' palettes, their
 * settings and a viewer. The lowest package holds them so every package's tests share one copy (the
 * test kit builds on the store, so the store's and ui's own tests cannot use it). A separate entry
 * (`@grandstand/contract/testing`): the runtime entry never carries it.
 */
import type { ChannelSettings, ColorSettings, Picture, User } from './index.ts';

/** Navy and gold: the first demo channel. */
export const northfieldColors: ColorSettings = {
  'header-background': '#0b1f3a',
  'header-text-color': '#ffffff',
  'body-background': '#f5f7fa',
  'body-text-color': '#14213d',
  'footer-background': '#0b1f3a',
  'footer-text-color': '#e5e9f0',
  'primary-color': '#f2a900',
  'secondary-color': '#1d4e89',
};

/** Forest green and red on a dark body: the second demo channel. */
export const laurentidesColors: ColorSettings = {
  'header-background': '#ffffff',
  'header-text-color': '#123524',
  'body-background': '#0f1b14',
  'body-text-color': '#eef5f0',
  'footer-background': '#123524',
  'footer-text-color': '#d8e8dd',
  'primary-color': '#d7263d',
  'secondary-color': '#2e8b57',
};

/** The demo channel's settings as GET /settings answers them; a test overrides what it is about. */
export function testSettings(overrides: Partial<ChannelSettings> = {}): ChannelSettings {
  return {
    name: 'Northfield Sports',
    language: 'en',
    currency: 'USD',
    'google-analytics': null,
    analytics_key: null,
    analytics_url: null,
    error_dsn: null,
    analytics_consent: 'notice',
    auth: { remote_auth: 0, device_linking: 1 },
    remoteAuth: null,
    static_blocks: [],
    prerolls: [],
    preroll_time: 3_600_000,
    ...overrides,
  };
}

/** The demo viewer, a fan with an account; a test overrides what it is about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'fan@example.com',
    first_name: 'Sam',
    last_name: 'Lee',
    temporary_password: false,
    trial_period_used: false,
    is_geo_blocked: false,
    capabilities: ['watch'],
    featureCount: {},
    ...overrides,
  };
}

/** A picture as the server hands one out (a drawn card by default), for fixtures of events and slides. */
export function testPicture(overrides: Partial<Picture> = {}): Picture {
  return { kind: 'upcoming', src: '/media/pictures/events/1/card-0123456789.svg', srcset: null, sources: [], width: 640, height: 360, ...overrides };
}

/** A crest URL as the server hands one out, for fixtures of teams and schools. */
export function testCrest(id = 1): string {
  return `/media/pictures/teams/${id}/crest-0123456789.svg`;
}
