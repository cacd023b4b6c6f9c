import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone } from './formats.ts';

describe('spec §5 formats', () => {
  it.each(['fan@example.org', ' fan@example.org ', 'first.last+tag@sub.example.co', '(555)1234567', '5551234567'])('accepts the email %j', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['', 'fan', 'fan@', 'fan@example', '@example.org', 'fan @example.org', 'fan@exa mple.org', `${'a'.repeat(250)}@x.org`])(
    'refuses the email %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );

  it.each(['+1 555 123 4567', '(555) 123-4567', '555.123.4567', '+33123456789012'])('accepts the phone %j', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each(['123456789', '+1234567890123456', '555-CALL-NOW', '++15551234567'])('refuses the phone %j', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });
});

describe('spec §5 rules, as the contact form uses them', () => {
  it('accepts standard addresses and the numeric form, refuses the rest', () => {
    for (const ok of ['fan@example.org', 'first.last+tag@school.k12.oh.us', '5551234567', '(555)1234567']) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['fan@', 'fan@example', '@example.org', 'fan example@x.org', 'fan@@x.org', '555-1234', 'a@b.c d']) expect(isValidEmail(bad), bad).toBe(false);
  });

  it('accepts a phone with an optional plus, 10 to 14 digits and separators', () => {
    for (const ok of ['5551234567', '+1 (555) 123-4567', '555.123.4567', '+44 20 7946 0958', '12345678901234']) expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['555123456', '123456789012345', '++15551234567', '555-123-4567 ext 2', '1+5551234567', 'phone']) expect(isValidPhone(bad), bad).toBe(false);
  });
});
