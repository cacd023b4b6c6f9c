// The page's channel in unit tests, as the server would write it into the page (src/channel.ts).
import { testColors } from '@grandstand/test-kit/fixtures';
import type { SiteChannel } from '../channel.ts';

const channel: SiteChannel = {
  slug: 'testchannel',
  name: 'Test Channel',
  language: 'en',
  currency: 'USD',
  description: 'A channel for unit tests',
  fallbackColors: testColors,
  logo: '/channel-logo.svg?v=1',
};
export default channel;
