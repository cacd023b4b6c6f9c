import { useTranslation } from '@grandstand/i18n';
import { ErrorPanel } from '@grandstand/ui';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { SiteReady } from './SiteReady.tsx';

function PageError() {
  const { t } = useTranslation('errors');
  // A reload fetches the page's code anew: what failed is most often a chunk a newer release replaced.
  return (
    <>
      <ErrorPanel title={t('pageError')} message={t('somethingWrong')} actionLabel={t('reloadPage')} onAction={() => window.location.reload()} />
      <SiteReady />
    </>
  );
}

/**
 * A page that throws while it renders, or whose code cannot be loaded (a stale chunk after a release,
 * a dropped connection), shows an error the viewer can act on inside the site's frame, instead of a
 * blank window. A new address (`resetKey`) tries the next page afresh.
 */
interface BoundaryState {
  failed: boolean;
  /** The address the state belongs to: a failure is forgotten when the viewer goes elsewhere. */
  key: string;
}

export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}
