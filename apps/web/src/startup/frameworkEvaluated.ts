// The libraries the site starts on, evaluated in a task of their own before the site's modules are.
//
// The browser evaluates a page's whole static module graph in one task: on a phone that was one of
// 200 to 300 ms, the longest of the start. This module sits at the end of the build's framework
// chunk (vite.config.ts puts it there), after React DOM, styled-components (which takes the server's
// styles over as it loads) and Redux Toolkit, and waits a turn at its top level. Every chunk of the
// site imports the framework chunk, so the site's own modules (its styled components, the API's
// endpoints) evaluate in the next task, once the browser had its turn.
//
// main.tsx imports it first, so that nothing of the site is evaluated before it.
import { yieldToBrowser } from '@grandstand/ui';

// Only main.tsx's roots are used from here. The other re-exports place their libraries before the
// wait: without them the bundler evaluates Redux Toolkit after it, in the site's task.
export { createRoot, hydrateRoot } from 'react-dom/client';
export { default as styled } from 'styled-components';
export { configureStore } from '@reduxjs/toolkit';
export { createApi } from '@reduxjs/toolkit/query/react';

await yieldToBrowser();
