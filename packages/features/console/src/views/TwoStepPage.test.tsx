import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Northfield%20Sports:owner%40northfield.test?secret=JBSWY3DPEHPK3PXP&issuer=Northfield%20Sports' };

describe('TwoStepPage', () => {
  it('sets the second factor up with a QR code and a first code, then says it is on; accessible', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const { container, api } = await renderConsole({
      route: '/account/two-step',
      routes: {
        'GET /console/session': () => sessionOf(testOperator({ totpEnabled: enabled }))(),
        'POST /console/totp/setup': () => ({ json: SETUP }),
        'POST /console/totp/enable': (request) => {
          if (request.body?.code !== '654321') return { status: 401, json: { message: 'Wrong code', field: 'code', code: 'TOTP_INVALID' } };
          enabled = true;
          return { json: { ok: true } };
        },
      },
    });
    expect(await screen.findByText(/Two-step sign-in is off/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add your account to an authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await user.type(screen.getByLabelText(/^Enter the code the app shows/), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is wrong or has already been used. Wait for the next one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Enter the code the app shows/), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step sign-in is on.')).toHaveRole('status');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeInTheDocument());
    expect(api.calls.filter((call) => call.path === '/api/console/totp/enable').map((call) => call.body?.code)).toEqual(['111111', '654321']);
  });

  it('keeps it on when the channel requires it', async () => {
    const user = userEvent.setup();
    await renderConsole({
      route: '/account/two-step',
      routes: {
        'GET /console/session': sessionOf(testOperator({ totpEnabled: true })),
        'POST /console/totp/disable': () => ({ status: 409, json: { message: 'Required', code: 'TOTP_REQUIRED_BY_CHANNEL' } }),
      },
    });
    await user.type(await screen.findByLabelText(/^Code from your authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('This channel requires two-step sign-in: it cannot be turned off.')).toBeInTheDocument();
  });
});
