import { OPERATOR_ROLES } from '@grandstand/contract';
import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import type { SelectOption } from '@grandstand/ui';

/** The roles as a select's options, each with what it may do, in the operator's language. */
export function useRoleOptions(): SelectOption[] {
  const { t } = useTranslation('console');
  return OPERATOR_ROLES.map((role: OperatorRole) => ({ value: role, label: `${t(`roles.${role}`)} — ${t(`roleHints.${role}`)}` }));
}

export function isRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}
