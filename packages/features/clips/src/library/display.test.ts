import { describe, expect, it } from 'vitest';
import { refusalText } from './display.ts';

const generic = () => 'Something went wrong';

describe('refusalText', () => {
  it('shows the server’s words for a refused clip call', () => {
    expect(refusalText({ kind: 'http', status: 403, message: 'You have no downloads left today.', field: 'id' }, generic)).toBe('You have no downloads left today.');
  });

  it('reads anything else as the site’s error texts', () => {
    expect(refusalText({ kind: 'http', status: 500, message: 'Internal Server Error' }, generic)).toBe('Something went wrong');
    expect(refusalText({ kind: 'network', status: null, message: 'Failed to fetch' }, generic)).toBe('Something went wrong');
    expect(refusalText({ kind: 'http', status: 404, message: '  ' }, generic)).toBe('Something went wrong');
    expect(refusalText(undefined, generic)).toBe('Something went wrong');
  });
});
