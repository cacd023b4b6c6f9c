// Every language, English included, loads as a chunk of its own: a page the server rendered carries
// the texts it was rendered with (createI18n's `resources`), so the site's start carries none, and a
// page started in the browser loads its language's texts beside the startup's own requests.
const loadCommon = () => import('./locales/en/common.json', { with: { type: 'json' } });
const loadShell = () => import('./locales/en/shell.json', { with: { type: 'json' } });
const loadErrors = () => import('./locales/en/errors.json', { with: { type: 'json' } });
const loadValidation = () => import('./locales/en/validation.json', { with: { type: 'json' } });

export const englishLoaders = { common: loadCommon, shell: loadShell, errors: loadErrors, validation: loadValidation } as const;

/** The shared namespaces' English texts, the reference every other language matches. */
export type EnglishResources = { -readonly [N in keyof typeof englishLoaders]: Awaited<ReturnType<(typeof englishLoaders)[N]>>['default'] };
