export { default } from "@grandstand/eslint-config";
