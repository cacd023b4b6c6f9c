/**
 * Typo tolerance for the search (spec §5 vod search, across videos, events, teams and schools), as
 * the search engines viewers know forgive typos (Meilisearch's and Typesense's defaults): a word of
 * 5 to 8 letters may have one typo, a longer one two, a shorter one none. A typo is a letter added,
 * dropped or changed, or two neighbouring letters swapped (one typo, not two: the optimal string
 * alignment distance). Words with a digit (a year, a jersey number) are never corrected.
 *
 * A typed word is corrected against the channel's vocabulary: the distinct words of its videos'
 * titles and descriptions and of its events', teams' and schools' names, folded as the database
 * folds them (`grandstand_fold`: lower case, no accents). The corrections then go through the full
 * text search as typed words do, so accents and stems are still forgiven ("reveiws" is "reviews",
 * whose English stem finds "review").
 */

/** Below this length a word must be typed right; from it, one typo. */
export const ONE_TYPO_FROM = 5;
/** From this length, two typos. */
export const TWO_TYPOS_FROM = 9;
/** At most this many words of a search are corrected. */
export const TYPO_WORDS = 8;
/** At most this many corrections of one word are searched (the nearest first). */
export const CORRECTIONS_PER_WORD = 16;

/** How many typos a word of this length may have. */
export function typosAllowed(length: number): number {
  return length >= TWO_TYPOS_FROM ? 2 : length >= ONE_TYPO_FROM ? 1 : 0;
}

// Letters `unaccent` writes as two (its rules file), so a word typed with them folds as the database's.
const LIGATURES: Readonly<Record<string, string>> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ĳ: 'ij' };

/** A word folded as `grandstand_fold` folds it: lower case, accents and ligatures undone. */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[æœßøđðłþĳ]/g, (letter) => LIGATURES[letter] ?? letter);
}

/** The words of a search as the database sees them: letters and digits, folded. */
export function searchWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map(foldWord);
}

/**
 * The optimal string alignment distance of two words (Damerau-Levenshtein where a swap of
 * neighbours is one edit), or `max + 1` as soon as it is known to be more than `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    // Every later row is at least this row's least: past `max`, nothing can come back under it.
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** A channel's words, by length, for corrections. */
export class Vocabulary {
  readonly #byLength = new Map<number, string[]>();
  readonly size: number;

  constructor(words: Iterable<string>) {
    let size = 0;
    for (const word of new Set(words)) {
      // Only words of letters are corrected to; shorter ones than the least a correction can be are of no use.
      if (word.length < ONE_TYPO_FROM - 1 || !/^\p{L}+$/u.test(word)) continue;
      const bucket = this.#byLength.get(word.length);
      if (bucket) bucket.push(word);
      else this.#byLength.set(word.length, [word]);
      size++;
    }
    this.size = size;
  }

  /** The channel's words this typed (folded) word may be a misspelling of, the nearest first; never itself. */
  corrections(word: string): string[] {
    const max = typosAllowed(word.length);
    if (max === 0 || !/^\p{L}+$/u.test(word)) return [];
    const found: { word: string; distance: number }[] = [];
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const candidate of this.#byLength.get(length) ?? []) {
        if (candidate === word) continue;
        const distance = typoDistance(word, candidate, max);
        if (distance <= max) found.push({ word: candidate, distance });
      }
    }
    return found
      .sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : 1))
      .slice(0, CORRECTIONS_PER_WORD)
      .map((entry) => entry.word);
  }
}

/** One typed word and what it may be a misspelling of. */
export interface TolerantWord {
  typed: string;
  corrections: string[];
}

/** The words of a search with their corrections (the first TYPO_WORDS corrected, the rest as typed). */
export function tolerantWords(text: string, vocabulary: Vocabulary): TolerantWord[] {
  return searchWords(text).map((typed, index) => ({ typed, corrections: index < TYPO_WORDS ? vocabulary.corrections(typed) : [] }));
}
