import { TextField } from '@grandstand/ui';
import type { useField } from './useField.ts';

export interface PasswordFieldProps {
  label: string;
  /** `current-password` where the viewer proves who they are, `new-password` where they choose one. */
  autoComplete: 'current-password' | 'new-password';
  field: ReturnType<typeof useField>;
  required?: boolean;
  error?: string;
}

/** A password input bound to its field: the login, the new password and its confirmation, the deletion's proof. */
export function PasswordField({ field, required = true, ...props }: PasswordFieldProps) {
  return <TextField {...props} type="password" required={required} value={field.value} onChange={field.onChange} />;
}
