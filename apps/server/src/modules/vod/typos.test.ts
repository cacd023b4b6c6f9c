import { describe, expect, it } from 'vitest';
import { foldWord, searchWords, tolerantWords, typoDistance, typosAllowed, Vocabulary } from './typos.ts';

// spec §5 vod search: typos forgiven as Meilisearch and Typesense forgive them by default.
describe('typoDistance', () => {
  it('counts an added, dropped or changed letter as one typo, and a swap of neighbours as one', () => {
    expect(typoDistance('hockey', 'hockey', 2)).toBe(0);
    expect(typoDistance('hocky', 'hockey', 2)).toBe(1);
    expect(typoDistance('hockeys', 'hockey', 2)).toBe(1);
    expect(typoDistance('hickey', 'hockey', 2)).toBe(1);
    expect(typoDistance('saisno', 'saison', 2)).toBe(1);
    expect(typoDistance('ohckey', 'hockey', 2)).toBe(1);
    expect(typoDistance('docmuentray', 'documentary', 2)).toBe(2);
  });

  it('stops past the most it is asked about', () => {
    expect(typoDistance('haeckoy', 'hockey', 1)).toBe(2);
    expect(typoDistance('a', 'abcdef', 2)).toBe(3);
    expect(typoDistance('volleyball', 'basketball', 2)).toBe(3);
  });
});

describe('typosAllowed', () => {
  it('allows none below 5 letters, one from 5 to 8, two from 9', () => {
    expect([1, 4, 5, 8, 9, 14].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('foldWord and searchWords', () => {
  it('fold as the database folds: lower case, accents and ligatures undone', () => {
    expect(foldWord('Féminin')).toBe('feminin');
    expect(foldWord('Œuvre')).toBe('oeuvre');
    expect(searchWords("Hockey féminin : l'équipe 2024")).toEqual(['hockey', 'feminin', 'l', 'equipe', '2024']);
  });
});

describe('Vocabulary.corrections', () => {
  const vocabulary = new Vocabulary(['hockey', 'saison', 'season', 'documentary', 'goal', 'coach', 'team', '2024', 'cross-country', 'revue']);

  it('finds the words within the typos the length allows, the nearest first, never the word itself', () => {
    expect(vocabulary.corrections('saisno')).toEqual(['saison']);
    expect(vocabulary.corrections('siason')).toEqual(['saison', 'season']);
    expect(vocabulary.corrections('docmuentray')).toEqual(['documentary']);
    expect(vocabulary.corrections('hockey')).toEqual([]);
    // A word of 5 letters may lose one: "teams" is "team".
    expect(vocabulary.corrections('teams')).toEqual(['team']);
  });

  it('corrects no short word, no word with a digit, and nothing two typos away in a word of 5 to 8', () => {
    expect(vocabulary.corrections('gaol')).toEqual([]);
    expect(vocabulary.corrections('2042')).toEqual([]);
    expect(vocabulary.corrections('haeckoy')).toEqual([]);
    expect(vocabulary.size).toBe(8);
  });

  it('gives every word of a search its corrections', () => {
    expect(tolerantWords('Hockey Saisno', vocabulary)).toEqual([
      { typed: 'hockey', corrections: [] },
      { typed: 'saisno', corrections: ['saison'] },
    ]);
  });
});
