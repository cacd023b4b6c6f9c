// jest-dom's matchers are registered by the dom preset at run time; this gives tsc their types.
/// <reference types="@testing-library/jest-dom/vitest" />
