import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../Button/Button.tsx';
import { Backdrop, DialogActions, DialogBox, DialogMessage, DialogTitle } from './Popup.styles.ts';

export interface PopupProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  okLabel: string;
  /** Without it the popup is a notice with one button; Escape still cancels. */
  cancelLabel?: string;
  onOk(): void;
  onCancel(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (spec §4: popups resolve on ok and reject on cancel; the site turns these callbacks
 * into its promise). Focus moves in on open, stays inside while open, and returns to where it was.
 */
export function Popup({ open, title, message, okLabel, cancelLabel, onOk, onCancel }: PopupProps) {
  const titleId = useId();
  const messageId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    okRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = Array.from(boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <DialogBox
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {message && <DialogMessage id={messageId}>{message}</DialogMessage>}
        <DialogActions>
          {cancelLabel && (
            <Button variant="ghost" onClick={onCancel}>
              {cancelLabel}
            </Button>
          )}
          <Button ref={okRef} onClick={onOk}>
            {okLabel}
          </Button>
        </DialogActions>
      </DialogBox>
    </Backdrop>,
    document.body,
  );
}
