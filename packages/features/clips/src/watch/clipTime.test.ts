import { CLIP_MESSAGES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { checkClip, clipFieldOf, clipMessageKey, formatClipTime, lastSecondsOf, parseClipTime } from './clipTime.ts';

const limits = { min: 1, max: 120 };
const window = { start: 0, end: 3600 };
const draft = { startText: '1:00', endText: '1:30', name: 'Goal', tag: 'goal' };

describe('clip times', () => {
  it.each([
    ['0:05', 5],
    ['1:05', 65],
    ['59:59', 3599],
    [' 1:02:05 ', 3725],
    ['12:00:00', 43200],
  ])('reads %s as %i seconds', (text, seconds) => expect(parseClipTime(text)).toBe(seconds));

  it.each(['', '5', '1:5', '1:60', '1:2:05', '-1:00', 'a:bc', '1:00:60', '1:05.5'])('refuses %j', (text) => expect(parseClipTime(text)).toBeNull());

  it('writes seconds as m:ss or h:mm:ss, whole seconds', () => {
    expect(formatClipTime(65.9)).toBe('1:05');
    expect(formatClipTime(3725)).toBe('1:02:05');
    expect(formatClipTime(-3)).toBe('0:00');
    expect(parseClipTime(formatClipTime(3725))).toBe(3725);
  });
});

describe('checkClip (spec §5)', () => {
  it('passes a good draft and reads its selection', () => {
    expect(checkClip(draft, window, limits)).toEqual({ problems: {}, start: 60, end: 90 });
  });

  it('names each missing field with the spec texts', () => {
    expect(checkClip({ ...draft, name: '  ', tag: '' }, window, limits).problems).toEqual({
      name: { key: 'errors.nameRequired' },
      tags: { key: 'errors.tagRequired' },
    });
  });

  it('says the duration is longer than the end time when the end is past the recording or the live edge', () => {
    expect(checkClip({ ...draft, startText: '59:00', endText: '1:00:01' }, window, limits).problems).toEqual({ end: { key: 'errors.durationTooLong' } });
  });

  it('refuses a start before the window, an end before the start, and lengths outside the limits', () => {
    expect(checkClip({ ...draft, startText: '0:10' }, { start: 30.4, end: 600 }, limits).problems).toEqual({ start: { key: 'errors.startBeforeWindow', time: '0:31' } });
    expect(checkClip({ ...draft, endText: '0:59' }, window, limits).problems).toEqual({ end: { key: 'errors.endBeforeStart' } });
    expect(checkClip({ ...draft, endText: '1:03' }, window, { min: 5, max: 120 }).problems).toEqual({ end: { key: 'errors.tooShort', seconds: 5 } });
    expect(checkClip({ ...draft, endText: '3:01' }, window, limits).problems).toEqual({ end: { key: 'errors.tooLong', seconds: 120 } });
    expect(checkClip({ ...draft, startText: '1', endText: 'x' }, window, limits).problems).toEqual({ start: { key: 'errors.timeFormat' }, end: { key: 'errors.timeFormat' } });
  });

  it('reads the server\'s refusals by their code, whatever their words, and its field names', () => {
    expect(clipMessageKey({ message: 'Any words', code: CLIP_REFUSAL_CODES.durationTooLong })).toBe('errors.durationTooLong');
    expect(clipMessageKey({ message: 'Any words', code: CLIP_REFUSAL_CODES.nameRequired })).toBe('errors.nameRequired');
    expect(clipMessageKey({ message: '', code: CLIP_REFUSAL_CODES.tagRequired })).toBe('errors.tagRequired');
    expect(clipMessageKey({ message: 'Any words at all', code: CLIP_REFUSAL_CODES.emailUnverified })).toBe('refusals.emailUnverified');
    expect(clipMessageKey({ message: '', code: CLIP_REFUSAL_CODES.tooManyClips })).toBe('refusals.tooManyClips');
    // The answer's body, as the transport's error carries it.
    expect(clipMessageKey({ message: '', body: { code: CLIP_REFUSAL_CODES.storageFull } })).toBe('refusals.storageFull');
    expect(clipMessageKey({ message: CLIP_MESSAGES.nameRequired, code: 'an_unknown_code' })).toBeNull();
    expect(clipMessageKey({ message: 'You have no clips left' })).toBeNull();
    expect([clipFieldOf('start_time'), clipFieldOf('duration'), clipFieldOf('tags'), clipFieldOf('event_id')]).toEqual(['start', 'end', 'tags', null]);
  });

  it('never reads the server’s words: an answer without a code is none of its refusals', () => {
    expect(clipMessageKey({ message: CLIP_MESSAGES.tagRequired })).toBeNull();
    expect(clipMessageKey({ message: CLIP_REFUSALS.emailUnverified })).toBeNull();
  });
});

describe('lastSecondsOf: one press while live', () => {
  const eventUtcTs = Date.parse('2026-11-24T18:00:00Z') / 1000;

  it('is the 30 s up to the live edge, in seconds after the event began on the wall clock', () => {
    const edge = new Date('2026-11-24T18:42:10.250Z');
    expect(lastSecondsOf(edge, eventUtcTs, 30, 1)).toEqual({ start_time: 42 * 60 + 10.25 - 30, duration: 30 });
  });

  it('is shorter just after the start, and nothing before a second has passed', () => {
    expect(lastSecondsOf(new Date('2026-11-24T18:00:12Z'), eventUtcTs, 30, 1)).toEqual({ start_time: 0, duration: 12 });
    expect(lastSecondsOf(new Date('2026-11-24T18:00:00.500Z'), eventUtcTs, 30, 1)).toBeNull();
  });
});
