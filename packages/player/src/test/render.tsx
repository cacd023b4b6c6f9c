import type { ColorSettings } from '@grandstand/contract';
import { ChannelThemeProvider } from '@grandstand/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Navy and gold, the default demo channel's colours. */
export const northfield: ColorSettings = {
  'header-background': '#0b1f3a',
  'header-text-color': '#ffffff',
  'body-background': '#f5f7fa',
  'body-text-color': '#14213d',
  'footer-background': '#0b1f3a',
  'footer-text-color': '#e5e9f0',
  'primary-color': '#f2a900',
  'secondary-color': '#1d4e89',
};

export function renderThemed(ui: ReactElement) {
  return render(<ChannelThemeProvider colors={northfield}>{ui}</ChannelThemeProvider>);
}
