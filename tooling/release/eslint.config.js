import config from "@grandstand/eslint-config";

// consumer/ is the fixture app's template: it is linted and typechecked as a consumer's app is,
// in its own folder outside the workspace (src/consumer.ts), not as part of this package.
export default [{ ignores: ["consumer/"] }, ...config];
