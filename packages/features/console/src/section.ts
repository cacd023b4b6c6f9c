import type { ConsoleOperator, OperatorRole } from '@grandstand/contract';
import type { FeatureNamespace } from '@grandstand/i18n';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A screen of the control room another feature brings (the schedule's events, later streams,
 * viewers, reports). A plain object: the feature that brings it needs nothing of this package.
 *
 * @example
 * export const scheduleSection = {
 *   path: 'events',
 *   roles: ['owner', 'producer', 'support'],
 *   Label: () => <>{useTranslation('schedule').t('nav')}</>,
 *   children: scheduleRoutes,
 * } satisfies ConsoleSection;
 */
export interface ConsoleSection {
  /** Under `/console`, without a slash: `events`. */
  path: string;
  /** The roles that see it in the navigation and may open it; others get the "not for your role" page. */
  roles: readonly OperatorRole[];
  /** Only for the platform owner (`ConsoleOperator.platformOwner`), whatever their role: the screens that run every channel. */
  platformOwner?: boolean;
  /** The navigation entry's text, in the operator's language (a component, so the section translates its own words). */
  Label: ComponentType;
  /** The section's page at `/console/<path>`. */
  element?: ReactNode;
  /** Or its own routes, relative to `<path>`. */
  children?: RouteObject[];
  /** Around the section's routes, given the operator's role and the operator (e.g. a context telling views whether they may write). */
  Wrapper?: ComponentType<{ role: OperatorRole; operator: ConsoleOperator; children: ReactNode }>;
  /** The section's texts: the app registers them (loaded when a view first asks) with the console's own. */
  namespace?: FeatureNamespace;
}
