import type { ReactNode } from 'react';
import { FormMessageRoot, type FormMessageTone } from './FormMessage.styles.ts';

export interface FormMessageProps {
  /** `error` is announced at once (role `alert`); `success` politely (role `status`). */
  tone: FormMessageTone;
  /**
   * The message, already translated. Pass `''` (or nothing) while there is none: the live region
   * stays mounted, hidden, so screen readers announce the text when it arrives. Mounting the region
   * together with its text is often not announced.
   */
  children?: ReactNode;
  id?: string;
  className?: string;
}

/** The outcome of a form or an action, under it, in the theme's error or success colour. */
export function FormMessage({ tone, children, id, className }: FormMessageProps) {
  return (
    <FormMessageRoot id={id} className={className} $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </FormMessageRoot>
  );
}
