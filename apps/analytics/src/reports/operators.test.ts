import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { pickLocale } from './i18n.ts';
import { channelsOf, DEMO_OPERATORS_FILE, demoOperators, parseOperators } from './operators.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$ohgnWSbQR8SJJwBjrrSvhg$7pZ7xrkHXvLv8ZIMvHVpXyR8ctKC8hUM79NLmuLiLzU';
const CHANNELS = [
  { slug: 'northfield', name: 'Northfield' },
  { slug: 'laurentides', name: 'Laurentides' },
];

describe('operators from configuration', () => {
  it('reads the demo file, whose passwords are the ones REPORTS.md names', async () => {
    const operators = demoOperators();
    expect(operators.map((operator) => [operator.email, operator.channels])).toEqual([
      ['ops@northfield.test', ['northfield']],
      ['ops@laurentides.test', ['laurentides']],
      ['ops@grandstand.test', '*'],
    ]);
    const readme = readFileSync(new URL('../../REPORTS.md', import.meta.url), 'utf8');
    for (const [operator, password] of [
      [operators[0], 'northfield-reports-demo'],
      [operators[2], 'grandstand-reports-demo'],
    ] as const) {
      expect(await verify(operator?.password_hash ?? '', password)).toBe(true);
      expect(readme).toContain(`\`${operator?.email}\` | \`${password}\``);
    }
    expect(DEMO_OPERATORS_FILE.endsWith('operators.demo.json')).toBe(true);
  });

  it('normalises emails and gives an operator only the configured channels it names', () => {
    const [operator] = parseOperators(JSON.stringify([{ email: ' Ops@Example.TEST ', name: 'Ops', channels: ['laurentides', 'elsewhere'], password_hash: HASH }]));
    expect(operator?.email).toBe('ops@example.test');
    expect(channelsOf(operator!, CHANNELS)).toEqual([{ slug: 'laurentides', name: 'Laurentides' }]);
  });

  it.each([
    ['not json', '{', 'is not JSON'],
    ['an object', '{}', '(root)'],
    ['a bcrypt hash', JSON.stringify([{ email: 'a@b.test', name: 'A', channels: '*', password_hash: '$2b$10$abcdefghijklmnopqrstuv' }]), '0.password_hash'],
    ['an argon2i hash', JSON.stringify([{ email: 'a@b.test', name: 'A', channels: '*', password_hash: HASH.replace('argon2id', 'argon2i') }]), '0.password_hash'],
    ['a bad email', JSON.stringify([{ email: 'nobody', name: 'A', channels: '*', password_hash: HASH }]), '0.email'],
    ['no channel', JSON.stringify([{ email: 'a@b.test', name: 'A', channels: [], password_hash: HASH }]), '0.channels'],
    ['a bad slug', JSON.stringify([{ email: 'a@b.test', name: 'A', channels: ['../x'], password_hash: HASH }]), '0.channels'],
    [
      'an email twice',
      JSON.stringify([
        { email: 'a@b.test', name: 'A', channels: '*', password_hash: HASH },
        { email: 'A@b.test', name: 'B', channels: '*', password_hash: HASH },
      ]),
      '1.email',
    ],
  ])('refuses %s, naming where', (_, json, where) => {
    expect(() => parseOperators(json)).toThrow(where);
  });
});

describe('the language', () => {
  it.each([
    [undefined, 'fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    [undefined, 'de-DE, en;q=0.5', 'en'],
    [undefined, 'en;q=0, fr', 'fr'],
    [undefined, 'en;q=0.2, fr;q=0.7', 'fr'],
    [undefined, ';;;,,q=zz', 'en'],
    [undefined, undefined, 'en'],
    ['en', 'fr', 'en'],
    ['xx', 'fr', 'fr'],
  ])('choice %s with Accept-Language %s is %s', (choice, header, expected) => {
    expect(pickLocale(choice, header)).toBe(expected);
  });
});
