// The libraries the site starts on, evaluated in tasks of their own before the site's modules are.
//
// The browser evaluates a page's whole static module graph in one task: on a phone that was one of
// 200 to 300 ms, the longest of the start. The framework chunk (vite.config.ts puts these modules
// in it) evaluates in three turns, each module below waiting a turn at its top level once its
// libraries are evaluated: styled-components, which takes the server's styles over as it loads
// (stylesTakenOver.ts); React DOM (reactDomEvaluated.ts); then Redux Toolkit, here. In one task the
// three took 120 to 260 ms on this machine unthrottled, four times that on Lighthouse's phone; in
// three, styled-components' took 19 to 58 ms and the others 5 to 11. Every chunk of the site
// imports the framework chunk, so the site's own modules (its styled components, the API's
// endpoints) evaluate in the next tasks, once the browser had its turn.
//
// main.tsx imports it first, so that nothing of the site is evaluated before it.
import { yieldToBrowser } from '@grandstand/ui';

// Only main.tsx's roots are used from here. The other re-exports place their libraries before the
// wait: without them the bundler evaluates Redux Toolkit after it, in the site's task.
export { createRoot, hydrateRoot, styled } from './reactDomEvaluated.ts';
export { configureStore } from '@reduxjs/toolkit';
export { createApi } from '@reduxjs/toolkit/query/react';

await yieldToBrowser();
