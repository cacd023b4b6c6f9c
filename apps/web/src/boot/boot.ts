// The page's script in a built site (vite.config.ts puts it in index.html in place of the entry):
// it waits until the server's first screen is on screen, then loads the site's entry, which the
// page names beside it (`data-entry`). The entry then starts as it always has (main.tsx).
// Presses on the page's buttons meanwhile are held and made once the site is ready (earlyPresses.ts),
// and on its links too for a viewer who is logged in, to whom the server's visitor page is not theirs.
import { holdEarlyPresses } from './earlyPresses.ts';
import { firstScreenShown } from './firstScreenShown.ts';
import { viewerStored } from './storedViewer.ts';

holdEarlyPresses(document, window, { holdLinks: viewerStored(document, () => window.localStorage) });

// This very script's element, found by its own address: markup earlier in the page cannot stand in for it.
const entry = document.querySelector<HTMLScriptElement>(`script[src="${new URL(import.meta.url).pathname}"]`)?.dataset.entry;
if (entry) void firstScreenShown(document, window).then(() => import(/* @vite-ignore */ entry));
