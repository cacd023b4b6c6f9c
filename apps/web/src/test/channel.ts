// Stands in for the build's `virtual:grandstand-channel` in unit tests (vitest.config.ts).
import { testColors } from '@grandstand/test-kit/fixtures';

const channel = {
  slug: 'testchannel',
  name: 'Test Channel',
  language: 'en' as const,
  currency: 'USD',
  description: 'A channel for unit tests',
  fallbackColors: testColors,
};
export default channel;
