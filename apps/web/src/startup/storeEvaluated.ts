// The store's modules (the API's endpoints, the reducers they combine into), with the few the
// bundler places before them (ui's shell, the API client), evaluated in a task of their own after
// the framework's turns and before the rest of the site's modules (frameworkEvaluated.ts says why
// the start is cut into turns). main.tsx imports it right after the framework.
export { hydrateApi, initialSessionState, makeStore, storedUser } from '@grandstand/store';
import { yieldToBrowser } from '@grandstand/ui';

await yieldToBrowser();
