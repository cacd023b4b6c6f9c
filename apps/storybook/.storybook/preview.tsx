import { ChannelThemeProvider } from '@grandstand/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { channels, colorsFor } from './channels.ts';

const withChannelTheme: Decorator = (Story, context) => (
  <ChannelThemeProvider colors={colorsFor(context.globals.channel)}>
    <Story />
  </ChannelThemeProvider>
);

/**
 * Violations of the site's content security policy (site-policy.html, on the story tests' page)
 * since the story began: a component that needs more than the site allows fails its story test.
 */
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline use'}${event.sample ? ` (${event.sample})` : ''} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
});

const preview: Preview = {
  globalTypes: {
    channel: {
      description: 'The channel whose colours theme the stories',
      toolbar: {
        title: 'Channel',
        icon: 'paintbrush',
        items: channels.map((channel) => ({ value: channel.slug, title: `${channel.name} (${channel.slug})` })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { channel: channels[0]?.slug },
  decorators: [withChannelTheme],
  beforeEach: () => {
    violations.length = 0;
  },
  afterEach: async () => {
    // The browser reports a violation in a task of its own: let it arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (violations.length > 0) throw new Error(`The story breaks the site's content security policy: ${violations.join('; ')}`);
  },
  parameters: {
    // Accessibility violations fail the story's test, colour contrast included (real Chromium computes it).
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
