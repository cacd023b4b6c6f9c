// Stands in for the build's `virtual:grandstand-channel` in unit tests (vitest.config.ts).
const channel = {
  slug: 'testchannel',
  name: 'Test Channel',
  language: 'en' as const,
  currency: 'USD',
  description: 'A channel for unit tests',
  fallbackColors: {
    'header-background': '#0b1f3a',
    'header-text-color': '#ffffff',
    'body-background': '#f5f7fa',
    'body-text-color': '#14213d',
    'footer-background': '#0b1f3a',
    'footer-text-color': '#e5e9f0',
    'primary-color': '#f2a900',
    'secondary-color': '#1d4e89',
  },
};
export default channel;
