import type { ConsoleOperator } from '@grandstand/contract';

/** The demo owner of a channel, signed in, without a second factor. */
export function testOperator(overrides: Partial<ConsoleOperator> = {}): ConsoleOperator {
  return {
    id: 1,
    email: 'owner@northfield.test',
    name: 'Nora Owner',
    role: 'owner',
    channel: { slug: 'northfield', name: 'Northfield Sports' },
    totpEnabled: false,
    totpSetupRequired: false,
    channels: [{ slug: 'northfield', name: 'Northfield Sports', role: 'owner' }],
    platformOwner: false,
    ...overrides,
  };
}

/** The fake console API's answer to GET /console/session for an operator. */
export const sessionOf = (operator: ConsoleOperator) => () => ({ json: { operator } });

/** What the console API answers without a session (401 CONSOLE_SIGNED_OUT). */
export const signedOut = () => ({ status: 401, json: { message: 'Sign in to the control room.', code: 'CONSOLE_SIGNED_OUT' } });
