import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { libraryNamespace } from './namespace.ts';
import { LIBRARY_SECTION_PATH, PREROLLS_SECTION_PATH } from './paths.ts';

const LibraryPage = lazyView(async () => (await import('./views/LibraryPage/LibraryPage.tsx')).LibraryPage);
const PrerollsPage = lazyView(async () => (await import('./views/PrerollsPage/PrerollsPage.tsx')).PrerollsPage);

/** The library is run by owners and producers (the server refuses the other roles too). */
const ROLES = ['owner', 'producer'] as const satisfies readonly OperatorRole[];

function navLabel(key: 'library' | 'prerolls') {
  return function LibraryNavLabel() {
    const { t } = useTranslation('library');
    return <>{t(`nav.${key}`)}</>;
  };
}

/** The library (`/console/library`): uploads, their transcode, texts, posters, publish dates and the rails. */
export const librarySection = { path: LIBRARY_SECTION_PATH, roles: ROLES, Label: navLabel('library'), element: <LibraryPage />, namespace: libraryNamespace };

/** The prerolls (`/console/prerolls`): upload and target them. */
export const prerollsSection = { path: PREROLLS_SECTION_PATH, roles: ROLES, Label: navLabel('prerolls'), element: <PrerollsPage />, namespace: libraryNamespace };

/**
 * The feature's sections in navigation order, for the console's list (`apps/console/src/routes.tsx`).
 *
 * @example
 * const consoleSections = [scheduleSection, ...librarySections];
 */
export const librarySections = [librarySection, prerollsSection];
