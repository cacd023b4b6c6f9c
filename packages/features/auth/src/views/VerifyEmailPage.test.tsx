import { AUTH_REFUSAL_CODES } from '@grandstand/contract';
import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAuth } from '../test/renderAuth.tsx';

const LINK = '/verify-email?email=fan%40example.com&expires=1900000000&signature=abc123';

describe('VerifyEmailPage', () => {
  it('posts the link’s email, expiry and signature and says it worked', async () => {
    const { api, container } = await renderAuth({
      route: LINK,
      routes: { 'POST /auth/email-verify': () => ({ json: { data: { message: 'Email verified.' } } }) },
    });
    expect(await screen.findByText('Your email address is verified. Enjoy watching!')).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.path === '/api/auth/email-verify');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ email: 'fan@example.com', expires: 1900000000, signature: 'abc123' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says "Verification your email address failed." when the server refuses the link', async () => {
    await renderAuth({
      route: LINK,
      routes: { 'POST /auth/email-verify': () => ({ status: 400, json: { message: 'Verification failed.', field: 'signature', code: AUTH_REFUSAL_CODES.verificationFailed } }) },
    });
    expect(await screen.findByText('Verification your email address failed.')).toHaveRole('alert');
  });

  it('says "Your email already verified." for an address verified before', async () => {
    await renderAuth({
      route: LINK,
      routes: { 'POST /auth/email-verify': () => ({ status: 400, json: { message: 'Email already verified.', field: 'email', code: AUTH_REFUSAL_CODES.emailAlreadyVerified } }) },
    });
    expect(await screen.findByText('Your email already verified.')).toHaveRole('alert');
  });

  it('tells an address verified before by the refusal’s code, whatever its words', async () => {
    await renderAuth({
      route: LINK,
      routes: { 'POST /auth/email-verify': () => ({ status: 400, json: { message: 'Other words.', field: 'email', code: AUTH_REFUSAL_CODES.emailAlreadyVerified } }) },
    });
    expect(await screen.findByText('Your email already verified.')).toHaveRole('alert');
  });

  it('reads a broken link by its code even when its words are those of an address verified before', async () => {
    await renderAuth({
      route: LINK,
      routes: { 'POST /auth/email-verify': () => ({ status: 400, json: { message: 'Email already verified.', field: 'signature', code: AUTH_REFUSAL_CODES.verificationFailed } }) },
    });
    expect(await screen.findByText('Verification your email address failed.')).toHaveRole('alert');
  });

  it('fails an incomplete link without asking the server', async () => {
    const { api } = await renderAuth({ route: '/verify-email?email=fan%40example.com' });
    expect(await screen.findByText('Verification your email address failed.')).toHaveRole('alert');
    expect(api.calls.some((call) => call.path === '/api/auth/email-verify')).toBe(false);
  });
});
