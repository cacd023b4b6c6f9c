import type { ChannelTheme } from './theme.ts';

const PREFIX = '--gs';

/** `bodyTextColor50` → `body-text-color-50`. */
function kebab(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])(\d)/g, '$1-$2')
    .toLowerCase();
}

/**
 * One CSS custom property per token, so the player's UI and static CSS use the same
 * values as styled-components: `--gs-body-background`, `--gs-body-text-color-50`, `--gs-space-md`…
 */
export function themeToCssVariables(theme: ChannelTheme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme.colors)) vars[`${PREFIX}-${kebab(key)}`] = value;
  for (const [key, value] of Object.entries(theme.space)) vars[`${PREFIX}-space-${key}`] = value;
  for (const [key, value] of Object.entries(theme.radii)) vars[`${PREFIX}-radius-${key}`] = value;
  vars[`${PREFIX}-font-family`] = theme.font.family;
  vars[`${PREFIX}-line-height`] = theme.font.lineHeight;
  for (const [key, value] of Object.entries(theme.font.sizes)) vars[`${PREFIX}-font-size-${key}`] = value;
  for (const [key, value] of Object.entries(theme.font.weights)) vars[`${PREFIX}-font-weight-${key}`] = value;
  for (const [key, value] of Object.entries(theme.breakpoints)) vars[`${PREFIX}-breakpoint-${key}`] = `${value}px`;
  for (const [key, value] of Object.entries(theme.zIndex)) vars[`${PREFIX}-z-${kebab(key)}`] = String(value);
  for (const [key, value] of Object.entries(theme.shadows)) vars[`${PREFIX}-shadow-${key}`] = value;
  for (const [key, value] of Object.entries(theme.motion)) vars[`${PREFIX}-motion-${key}`] = value;
  return vars;
}

/**
 * Writes the theme's variables onto `root` (the document element by default). Variables of an
 * earlier theme are overwritten, since every theme has the same set of names.
 */
export function applyThemeToDocument(theme: ChannelTheme, root?: HTMLElement): void {
  const target = root ?? (typeof document === 'undefined' ? undefined : document.documentElement);
  if (!target) return;
  for (const [name, value] of Object.entries(themeToCssVariables(theme))) target.style.setProperty(name, value);
}
