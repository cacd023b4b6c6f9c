import type { User } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { decideNavigation } from './guards.ts';

const user: User = {
  id: 1,
  email: 'fan@example.org',
  first_name: 'Sam',
  last_name: 'Fan',
  temporary_password: false,
  trial_period_used: false,
  is_geo_blocked: false,
  capabilities: [],
  featureCount: {},
};
const base = { user: null, pathname: '/', previousPath: null, entered: true, remoteAuth: null };

describe('decideNavigation (spec §2 navigation rules)', () => {
  it('forces a temporary-password user to the profile edit page, from anywhere', () => {
    expect(decideNavigation({ ...base, user: { ...user, temporary_password: true }, pathname: '/live' })).toEqual({ kind: 'redirect', to: '/profile/edit' });
    expect(decideNavigation({ ...base, user: { ...user, temporary_password: true }, pathname: '/profile/edit' })).toEqual({ kind: 'stay' });
  });

  it('sends a logged-in user home from login, registration and the reset pages', () => {
    for (const pathname of ['/login', '/registration', '/password-reset-request', '/password-reset/']) {
      expect(decideNavigation({ ...base, user, pathname })).toEqual({ kind: 'redirect', to: '/' });
    }
    // A view that logs the viewer in where they stand moves on by itself.
    expect(decideNavigation({ ...base, user, pathname: '/login', entered: false })).toEqual({ kind: 'stay' });
  });

  it('steps back from buy to login or registration while logged out', () => {
    expect(decideNavigation({ ...base, pathname: '/buy', previousPath: '/login' })).toEqual({ kind: 'back' });
    expect(decideNavigation({ ...base, pathname: '/buy', previousPath: '/live' })).toEqual({ kind: 'stay' });
    expect(decideNavigation({ ...base, user, pathname: '/buy', previousPath: '/login' })).toEqual({ kind: 'stay' });
  });

  it('sends the link-device route to the channel\'s remoteAuth address when it has one', () => {
    expect(decideNavigation({ ...base, user, pathname: '/profile/sessions/add', remoteAuth: 'https://account.example/devices' })).toEqual({
      kind: 'leave-site',
      to: 'https://account.example/devices',
    });
    expect(decideNavigation({ ...base, user, pathname: '/profile/sessions/add' })).toEqual({ kind: 'stay' });
  });

  it('asks a visitor to log in before the profile pages', () => {
    expect(decideNavigation({ ...base, pathname: '/profile/edit' })).toEqual({ kind: 'redirect', to: '/login?next=%2Fprofile%2Fedit' });
  });

  it('asks a visitor to log in before their clips, and lets anyone open a shared clip', () => {
    expect(decideNavigation({ ...base, pathname: '/profile/clips' })).toEqual({ kind: 'redirect', to: '/login?next=%2Fprofile%2Fclips' });
    expect(decideNavigation({ ...base, pathname: '/watch_library/42' })).toEqual({ kind: 'redirect', to: '/login?next=%2Fwatch_library%2F42' });
    expect(decideNavigation({ ...base, user, pathname: '/watch_library/42' })).toEqual({ kind: 'stay' });
    expect(decideNavigation({ ...base, pathname: '/share/42/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b' })).toEqual({ kind: 'stay' });
  });
});
