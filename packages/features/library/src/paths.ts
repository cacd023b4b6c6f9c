/** The sections' paths under the console's base: `/console/library`, `/console/prerolls`. */
export const LIBRARY_SECTION_PATH = 'library';
export const PREROLLS_SECTION_PATH = 'prerolls';

export const libraryPaths = { library: `/${LIBRARY_SECTION_PATH}`, prerolls: `/${PREROLLS_SECTION_PATH}` } as const;
