import type { FakeHandler } from '@grandstand/api-client/testing';
import type { EventDetail, User } from '@grandstand/contract';
import { renderWithProviders } from '@grandstand/test-kit';
import { testUser } from '@grandstand/test-kit/fixtures';
import { ClipAction } from '../ClipAction.tsx';
import { clipsWatchNamespace } from '../namespace.ts';
import { createFakePlayer, type FakePlayerOptions } from './fakePlayer.ts';
import { clipOptions, gameEvent } from './fixtures.ts';

export interface RenderClipActionOptions {
  event?: EventDetail;
  player?: FakePlayerOptions;
  routes?: Record<string, FakeHandler>;
  /** Logged in as this user; `null`: a visitor. */
  user?: User | null;
  language?: string;
  loginPath?: string;
  /** Told of every key that leaves the Clip control (the player's region sits there on the page). */
  onKeyOutside?: (key: string) => void;
}

/**
 * The Clip control as the watch page shows it, over the real store and transport with the channel's
 * clip calls faked (GET /clips/options answers "can clip" unless a test says otherwise).
 */
export function renderClipAction(options: RenderClipActionOptions = {}) {
  const event = options.event ?? gameEvent();
  const player = createFakePlayer(options.player);
  const user = options.user === undefined ? testUser() : options.user;
  const rendered = renderWithProviders(
    <div role="presentation" onKeyDown={(keyEvent) => options.onKeyOutside?.(keyEvent.key)}>
      <ClipAction event={event} player={player} {...(options.loginPath ? { loginPath: options.loginPath } : {})} />
    </div>,
    {
      routes: { 'GET /clips/options': () => ({ json: { data: clipOptions() } }), ...options.routes },
      namespaces: [clipsWatchNamespace],
      ...(user ? { user } : { visitorKey: true }),
      ...(options.language ? { language: options.language } : {}),
    },
  );
  return rendered.then((result) => ({ ...result, player, event }));
}
