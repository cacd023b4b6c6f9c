import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { reportsNamespace } from './namespace.ts';
import { ReportsOperatorProvider } from './operator.tsx';
import { REPORTS_SECTION_PATH } from './paths.ts';

const ReportsPage = lazyView(async () => (await import('./views/ReportsPage/ReportsPage.tsx')).ReportsPage);
const StatementPage = lazyView(async () => (await import('./views/StatementPage/StatementPage.tsx')).StatementPage);

function ReportsNavLabel() {
  const { t } = useTranslation('reports');
  return <>{t('nav')}</>;
}

/**
 * The channel's reports (`/console/reports`, and its statement at `/console/reports/statement`), for
 * owners and analysts; owners also change the share rule there. Its shape is the console's `ConsoleSection`.
 */
export const reportsSection = {
  path: REPORTS_SECTION_PATH,
  roles: ['owner', 'analyst'] as const satisfies readonly OperatorRole[],
  Label: ReportsNavLabel,
  children: [
    { index: true, element: <ReportsPage /> },
    { path: 'statement', element: <StatementPage /> },
  ],
  Wrapper: ReportsOperatorProvider,
  namespace: reportsNamespace,
};
