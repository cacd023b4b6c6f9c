import { configureAxe } from 'jest-axe';

/**
 * The axe check every component test runs: `expect(await axe(container)).toHaveNoViolations()`.
 * Colour contrast is checked by the theme's own tests (jsdom does not compute styles), so it is
 * off here rather than silently passing.
 */
export const axe = configureAxe({ rules: { 'color-contrast': { enabled: false } } });
