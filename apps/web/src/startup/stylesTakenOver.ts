// styled-components, evaluated in a task of its own, the first of the framework's three turns
// (frameworkEvaluated.ts says why the start is cut into turns): as it loads it takes the server's
// styles over, reading the page's style element and inserting each of its rules anew, the largest
// single piece of the framework's evaluation on a phone.
import { yieldToBrowser } from '@grandstand/ui';

export { default as styled } from 'styled-components';

await yieldToBrowser();
