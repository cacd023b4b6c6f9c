import { ChannelThemeProvider } from '@grandstand/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { channels, colorsFor } from './channels.ts';

const withChannelTheme: Decorator = (Story, context) => (
  <ChannelThemeProvider colors={colorsFor(context.globals.channel)}>
    <Story />
  </ChannelThemeProvider>
);

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
  parameters: {
    // Accessibility violations fail the story's test, colour contrast included (real Chromium computes it).
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
