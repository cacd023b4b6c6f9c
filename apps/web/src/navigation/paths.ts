import { isAuthPath } from '@grandstand/auth';

/** spec §2: neither auth pages nor error pages are remembered as the last visited page. */
export const ERROR_PATHS = ['/404'];

export function isRemembered(pathname: string): boolean {
  const path = normalise(pathname);
  return !isAuthPath(path) && !ERROR_PATHS.includes(path);
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
