/**
 * Debian's Chromium, for Playwright and vitest's browser mode: Playwright cannot download its own
 * browsers on this machine kind. Without the networking flags Chromium floods the closed network;
 * the autoplay flag lets the player start a video without a click, as a test cannot give one first.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A fresh object each call: Playwright and vitest write into the options they are given. */
export function chromiumLaunchOptions(options: { autoplay?: boolean } = {}): { executablePath: string; args: string[] } {
  return {
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, ...(options.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : [])],
  };
}
