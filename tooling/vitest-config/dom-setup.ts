import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { afterEach, expect } from 'vitest';

expect.extend(toHaveNoViolations);
// CI runs every package's tests side by side on two cores: a lazy view's chunk can take longer than
// testing-library's one-second default to load and render. A `findBy` still fails when the element
// never comes; it only waits long enough for a loaded machine.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => cleanup());
