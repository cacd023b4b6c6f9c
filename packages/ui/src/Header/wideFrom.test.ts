import { describe, expect, it } from 'vitest';
import { estimateWideFrom } from './wideFrom.ts';

const entries = (...labels: string[]) => labels.map((label, id) => ({ id, label, href: `#${id}` }));

describe('estimateWideFrom', () => {
  it('shows a few entries in the bar from a tablet held upright on', () => {
    expect(estimateWideFrom(entries('Live', 'Schedule'))).toBe(736);
    expect(estimateWideFrom([])).toBe(736);
  });

  it('asks for more room as the entries grow in number and length', () => {
    const five = estimateWideFrom(entries('En direct', 'À venir', 'Sur demande', 'Forfaits', 'À propos'));
    const eight = estimateWideFrom(entries('Live', 'Upcoming', 'On demand', 'Schedule', 'Lincoln Lions', 'Riverside Ravens', 'Packages', 'About us'));
    expect(five).toBeGreaterThan(736);
    // Eight entries fold on a 1024 px tablet (its bar is 992 px inside its padding) and fit a 1280 px laptop's.
    expect(eight).toBeGreaterThan(992);
    expect(eight).toBeLessThanOrEqual(1248);
    expect(estimateWideFrom(entries('Live', 'Upcoming', 'On demand', 'Schedule', 'Lincoln Lions', 'Riverside Ravens', 'Packages', 'About us and our league'))).toBeGreaterThan(eight);
  });
});
