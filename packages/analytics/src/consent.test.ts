import { describe, expect, it } from 'vitest';
import { consentDecision, globalPrivacyControl } from './consent.ts';

describe('consentDecision', () => {
  it('off: tracks and shows nothing', () => {
    expect(consentDecision('off', null, false)).toEqual({ track: true, ask: 'none' });
  });

  it('notice: tracks, and shows the notice until it is dismissed', () => {
    expect(consentDecision('notice', null, false)).toEqual({ track: true, ask: 'notice' });
    expect(consentDecision('notice', 'dismissed', false)).toEqual({ track: true, ask: 'none' });
  });

  it('opt-in: nothing tracks until the viewer accepts; a refusal is remembered and not asked again', () => {
    expect(consentDecision('opt-in', null, false)).toEqual({ track: false, ask: 'choice' });
    expect(consentDecision('opt-in', 'accepted', false)).toEqual({ track: true, ask: 'none' });
    expect(consentDecision('opt-in', 'declined', false)).toEqual({ track: false, ask: 'none' });
    // A notice dismissed before the channel turned opt-in on is no acceptance.
    expect(consentDecision('opt-in', 'dismissed', false)).toEqual({ track: false, ask: 'choice' });
  });

  it('Global Privacy Control is a refusal in every mode, even over an earlier acceptance', () => {
    for (const mode of ['off', 'notice', 'opt-in'] as const) {
      for (const stored of [null, 'accepted', 'dismissed'] as const) {
        expect(consentDecision(mode, stored, true), `${mode} ${stored}`).toEqual({ track: false, ask: 'none' });
      }
    }
  });
});

describe('globalPrivacyControl', () => {
  it('is on only when the browser says true', () => {
    expect(globalPrivacyControl({ globalPrivacyControl: true })).toBe(true);
    expect(globalPrivacyControl({ globalPrivacyControl: false })).toBe(false);
    expect(globalPrivacyControl({ globalPrivacyControl: '1' })).toBe(false);
    expect(globalPrivacyControl({})).toBe(false);
  });
});
