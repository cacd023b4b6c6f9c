// React DOM, evaluated in the framework's second turn, once styled-components has had its own
// (frameworkEvaluated.ts says why the start is cut into turns).
import { yieldToBrowser } from '@grandstand/ui';

export { styled } from './stylesTakenOver.ts';
export { createRoot, hydrateRoot } from 'react-dom/client';

await yieldToBrowser();
