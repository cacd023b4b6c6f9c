import type { ConsoleOperator, OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { EmptyState, Link } from '@grandstand/ui';
import type { ComponentType, ReactNode } from 'react';
import { Outlet } from 'react-router';
import { CONSOLE_PATHS } from '../paths.ts';
import { useConsoleOperator } from '../shared/operator.tsx';

/**
 * A section's routes for the roles it names (and a platform section for the platform owner only); another role reads why it cannot open it (the server
 * refuses its calls anyway: the gate spares the operator a page of errors).
 */
export function RoleGate({
  roles,
  platformOwner = false,
  element,
  Wrapper,
}: {
  roles: readonly OperatorRole[];
  platformOwner?: boolean;
  element?: ReactNode;
  Wrapper?: ComponentType<{ role: OperatorRole; operator: ConsoleOperator; children: ReactNode }>;
}) {
  const { t } = useTranslation('console');
  const operator = useConsoleOperator();
  const { role } = operator;
  if (!roles.includes(role) || (platformOwner && !operator.platformOwner)) {
    return <EmptyState title={t('shell.forbidden')} action={<Link href={CONSOLE_PATHS.home}>{t('shell.home')}</Link>} />;
  }
  const content = element ?? <Outlet />;
  return Wrapper ? (
    <Wrapper role={role} operator={operator}>
      {content}
    </Wrapper>
  ) : (
    content
  );
}

/** A console path that names no page. */
export function ConsoleNotFound() {
  const { t } = useTranslation('console');
  return <EmptyState title={t('shell.notFound')} action={<Link href={CONSOLE_PATHS.home}>{t('shell.home')}</Link>} />;
}
