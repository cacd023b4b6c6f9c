import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, for Playwright and vitest's browser mode: Playwright cannot download its own
 * browsers on this machine kind. Without the networking flags Chromium floods the closed network;
 * the autoplay flag lets the player start a video without a click, as a test cannot give one first.
 *
 * The benches drive the full browser (`chromium`): their figures are a viewer's. The tests drive
 * Debian's headless shell of the same build (`chromium-headless-shell`, what Playwright itself runs
 * headless), which draws pages and plays video the same way without the full browser's window and
 * its compositing: six end-to-end files took 210 s against 275 s, at two thirds of the CPU
 * (2026-12-07). Without the shell installed, the tests fall back to the full browser.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const headlessShellPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumExecutablePath);

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A fresh object each call: Playwright and vitest write into the options they are given. `full` asks
 * for the full browser (the benches); the tests get the headless shell.
 */
export function chromiumLaunchOptions(options: { autoplay?: boolean; full?: boolean } = {}): { executablePath: string; args: string[] } {
  return {
    executablePath: options.full ? chromiumExecutablePath : headlessShellPath,
    args: [...chromiumArgs, ...(options.autoplay ? ['--autoplay-policy=no-user-gesture-required'] : [])],
  };
}
