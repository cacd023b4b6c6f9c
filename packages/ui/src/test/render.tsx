import type { ColorSettings } from '@grandstand/contract';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ChannelThemeProvider } from '../theme/ChannelThemeProvider.tsx';
import { northfield } from './palettes.ts';

export function renderThemed(ui: ReactElement, colors: ColorSettings = northfield, options?: RenderOptions) {
  return render(<ChannelThemeProvider colors={colors}>{ui}</ChannelThemeProvider>, options);
}
