// English is bundled statically: it is the default and the fallback of every other language, so the
// first frame never waits for it (architecture: non-English resources are separate chunks).
import common from './locales/en/common.json' with { type: 'json' };
import errors from './locales/en/errors.json' with { type: 'json' };
import shell from './locales/en/shell.json' with { type: 'json' };
import validation from './locales/en/validation.json' with { type: 'json' };

export const englishResources = { common, shell, errors, validation } as const;
export type EnglishResources = typeof englishResources;
