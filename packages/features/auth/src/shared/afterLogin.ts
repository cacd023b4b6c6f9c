import { selectLastVisited, useAppSelector } from '@grandstand/store';

/** spec §2: after logging in the viewer goes back to the remembered last page, or home. */
export function useAfterLoginPath(): string {
  const last = useAppSelector(selectLastVisited);
  return last ? `${last.path}${last.search}` : '/';
}
