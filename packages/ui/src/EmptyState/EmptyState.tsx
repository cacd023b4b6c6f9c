import type { ReactNode } from 'react';
import { EmptyAction, EmptyMessage, EmptyRoot, EmptyTitle } from './EmptyState.styles.ts';

export interface EmptyStateProps {
  /** What is missing, already translated ("No events match these filters"). */
  title: string;
  message?: string;
  /** The way out: a button or link ("Clear filters"). */
  action?: ReactNode;
  /** The heading level that fits the page outline; default 2. */
  headingLevel?: 2 | 3 | 4;
}

/** Shown in place of a list with nothing in it, with a way out so the viewer is never stuck. */
export function EmptyState({ title, message, action, headingLevel = 2 }: EmptyStateProps) {
  return (
    <EmptyRoot>
      <EmptyTitle as={`h${headingLevel}`}>{title}</EmptyTitle>
      {message && <EmptyMessage>{message}</EmptyMessage>}
      {action && <EmptyAction>{action}</EmptyAction>}
    </EmptyRoot>
  );
}
