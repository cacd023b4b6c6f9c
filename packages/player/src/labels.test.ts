import { describe, expect, it } from 'vitest';
import { playerLabelsOf, PLAYER_LABEL_KEYS } from './labels.ts';
import { labels } from './test/labels.ts';

describe('playerLabelsOf', () => {
  it('asks the site for every label the player shows, by name', () => {
    const built = playerLabelsOf((name) => `text of ${name}`);
    expect(Object.keys(built).sort()).toEqual(Object.keys(labels).sort());
    expect(built.backToLive).toBe('text of backToLive');
    expect(new Set(PLAYER_LABEL_KEYS).size).toBe(PLAYER_LABEL_KEYS.length);
  });
});
