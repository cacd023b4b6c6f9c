/** The section's path under the console's base: `/console/reports`. */
export const REPORTS_SECTION_PATH = 'reports';

/** The pages, as links inside the console (its router adds the `/console` base). */
export const reportsPaths = {
  reports: `/${REPORTS_SECTION_PATH}`,
  statement: `/${REPORTS_SECTION_PATH}/statement`,
} as const;
