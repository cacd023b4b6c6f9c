import { CLIP_REFUSAL_CODES } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { LIBRARY_REFUSALS } from './library/display.ts';
import { clipRefusalOf, type ClipRefusal } from './refusals.ts';
import { EDITOR_REFUSAL_KEYS } from './watch/clipTime.ts';

describe('clip refusals', () => {
  it('has a text on the site for every refusal the server sends a code for', () => {
    // The share page tells the paid game's refusal apart (sharedClipForViewersOnly).
    const shown = new Set<ClipRefusal>([...EDITOR_REFUSAL_KEYS, ...LIBRARY_REFUSALS, 'sharePaidEvent']);
    expect((Object.keys(CLIP_REFUSAL_CODES) as ClipRefusal[]).filter((refusal) => !shown.has(refusal))).toEqual([]);
  });

  it('gives every refusal a code of its own', () => {
    const codes = Object.values(CLIP_REFUSAL_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reads the code, not the words, when the answer has one', () => {
    expect(clipRefusalOf({ message: 'This clip is not ready yet.', code: CLIP_REFUSAL_CODES.clipNotFound }, ['notReady', 'clipNotFound'])).toBe('clipNotFound');
    expect(clipRefusalOf({ message: 'This clip is not ready yet.', code: 'some_other_code' }, ['notReady'])).toBeNull();
    expect(clipRefusalOf(undefined, ['notReady'])).toBeNull();
  });
});
