import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, duration, logLevel, onOff, parseEnv, path, port, trustProxy, variable, wholeNumber } from './env.ts';

/** The message `parseEnv` throws for `env` under one variable `X` of `schema`. */
function problem(schema: z.ZodType, value: string): string {
  try {
    parseEnv(z.object({ X: schema }), { X: value });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`"${value}" was accepted`);
}

const one = <T extends z.ZodType>(schema: T, value: string | undefined): z.output<T> => (parseEnv(z.object({ X: schema }), { X: value }) as { X: z.output<T> }).X;

describe('variable', () => {
  it('reads a blank value as unset, so the default applies', () => {
    expect(one(variable(z.string().default('fallback')), '   ')).toBe('fallback');
    expect(one(variable(z.string().default('fallback')), 'set')).toBe('set');
  });
});

describe('path', () => {
  it('resolves against the working directory, with its fallback when unset', () => {
    expect(one(path('/srv/data'), undefined)).toBe('/srv/data');
    expect(one(path('/srv/data'), 'relative/dir')).toBe(resolve('relative/dir'));
  });
});

describe('port', () => {
  it('takes 0 to 65535, the fallback when unset', () => {
    expect(one(port(8090), undefined)).toBe(8090);
    expect(one(port(8090), '0')).toBe(0);
    expect(one(port(8090), '65535')).toBe(65535);
  });
  it.each(['65536', '-1', 'http', '80.5', '123456'])('refuses %s, quoting it', (value) => {
    expect(problem(port(8090), value)).toBe(`X: must be a port number, 0 to 65535 (got "${value}")`);
  });
});

describe('logLevel', () => {
  it("is pino's levels, info by default", () => {
    expect(one(logLevel(), undefined)).toBe('info');
    expect(one(logLevel(), 'debug')).toBe('debug');
    expect(problem(logLevel(), 'loud')).toBe('X: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
  });
});

describe('wholeNumber', () => {
  it('takes digits within the range, the fallback when unset', () => {
    expect(one(wholeNumber(20, 1), undefined)).toBe(20);
    expect(one(wholeNumber(20, 1), ' 7 ')).toBe(7);
    expect(one(wholeNumber(20, 0), '0')).toBe(0);
    expect(one(wholeNumber(20, 1, 100), '100')).toBe(100);
  });
  it('names the lower bound alone when there is no upper one', () => {
    expect(problem(wholeNumber(20, 1), '0')).toBe('X: must be a whole number of at least 1 (got "0")');
    expect(problem(wholeNumber(20, 1), '1e3')).toBe('X: must be a whole number of at least 1 (got "1e3")');
    expect(problem(wholeNumber(20, 1), '9999999999999999')).toBe('X: must be a whole number of at least 1 (got "9999999999999999")');
  });
  it('names the range when there is an upper bound', () => {
    expect(problem(wholeNumber(20, 1, 100), '101')).toBe('X: must be a whole number from 1 to 100 (got "101")');
    expect(problem(wholeNumber(20, 1, 100), '-5')).toBe('X: must be a whole number from 1 to 100 (got "-5")');
    expect(problem(wholeNumber(20, 1, 100), '2.5')).toBe('X: must be a whole number from 1 to 100 (got "2.5")');
  });
});

describe('duration', () => {
  it('reads milliseconds, or a number with its unit', () => {
    expect(one(duration(5, { zeroAllowed: false }), undefined)).toBe(5);
    expect(one(duration(5, { zeroAllowed: false }), '1500')).toBe(1500);
    expect(one(duration(5, { zeroAllowed: false }), '1500ms')).toBe(1500);
    expect(one(duration(5, { zeroAllowed: false }), '45s')).toBe(45_000);
    expect(one(duration(5, { zeroAllowed: false }), '30m')).toBe(1_800_000);
    expect(one(duration(5, { zeroAllowed: false }), '12 h')).toBe(43_200_000);
    expect(one(duration(5, { zeroAllowed: false }), '30d')).toBe(2_592_000_000);
    expect(one(duration(5, { zeroAllowed: true }), '0')).toBe(0);
  });
  it('refuses zero where it is not allowed, and anything that is not a duration', () => {
    expect(problem(duration(5, { zeroAllowed: false }), '0s')).toBe('X: must be a positive duration such as 30d, 12h, 15m, 45s or milliseconds, not "0s"');
    expect(problem(duration(5, { zeroAllowed: true }), '2w')).toBe('X: must be a duration such as 30d, 12h, 15m, 45s or milliseconds, not "2w"');
    expect(problem(duration(5, { zeroAllowed: true }), '999999999999999d')).toContain('not "999999999999999d"');
  });
});

describe('onOff', () => {
  it('is exactly one of the two words, off by default', () => {
    expect(one(onOff('on', 'off'), undefined)).toBe(false);
    expect(one(onOff('on', 'off'), 'on')).toBe(true);
    expect(one(onOff('true', 'false'), 'false')).toBe(false);
    expect(problem(onOff('on', 'off'), 'yes')).toBe('X: must be on or off (got "yes")');
  });
});

describe('trustProxy', () => {
  it('is false when unset, else the entries', () => {
    expect(one(trustProxy(), undefined)).toBe(false);
    expect(one(trustProxy(), '10.0.0.0/8, ::1')).toEqual(['10.0.0.0/8', '::1']);
  });
  it('names every entry that is not an address or CIDR', () => {
    expect(problem(trustProxy(), '10.0.0.0/8,proxy,1.2.3.4/33')).toBe('X: not an address or CIDR: proxy, 1.2.3.4/33 (a comma list, e.g. 10.0.0.0/8,127.0.0.1)');
  });
});

describe('parseEnv', () => {
  it('names every variable at fault, one a line, in the schema order', () => {
    const schema = z.object({ PORT: port(80), LOG_LEVEL: logLevel(), HOST: variable(z.string().default('127.0.0.1')) });
    expect(() => parseEnv(schema, { PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      new ConfigError('PORT: must be a port number, 0 to 65535 (got "x")\nLOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'),
    );
    expect(parseEnv(schema, { PORT: '8080', UNRELATED: 'kept out' })).toEqual({ PORT: 8080, LOG_LEVEL: 'info', HOST: '127.0.0.1' });
  });
  it('names the environment itself when the issue has no path', () => {
    expect(() => parseEnv(z.object({}).refine(() => false, { error: 'is not usable' }), {})).toThrow('environment: is not usable');
  });
});
