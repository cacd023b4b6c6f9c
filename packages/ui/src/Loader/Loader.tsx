import { LoaderLabel, LoaderRoot } from './Loader.styles.ts';
import { Spinner } from './Spinner.tsx';

export interface LoaderProps {
  /** What is loading, in the viewer's language ("Loading…"); announced politely. */
  label: string;
  /** Covers the page, as at startup (spec §2: a loader shows at startup). */
  fullScreen?: boolean;
}

export function Loader({ label, fullScreen = false }: LoaderProps) {
  return (
    <LoaderRoot role="status" aria-live="polite" $fullScreen={fullScreen}>
      <Spinner $size="2.5rem" />
      <LoaderLabel>{label}</LoaderLabel>
    </LoaderRoot>
  );
}
