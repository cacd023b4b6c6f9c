import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('redactUrl', () => {
  it('hides every api_key value and keeps the rest of the URL', () => {
    expect(redactUrl('/api/menu?api_key=abc&x=1')).toBe('/api/menu?api_key=[redacted]&x=1');
    expect(redactUrl('/api/menu?x=1&API_KEY=abc&api_key=def')).toBe('/api/menu?x=1&API_KEY=[redacted]&api_key=[redacted]');
    expect(redactUrl('/api/menu')).toBe('/api/menu');
  });
});
