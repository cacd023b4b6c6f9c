import { useEffect, useRef } from 'react';
import { DismissButton, ToastItem, ToastMessage, Viewport } from './Toast.styles.ts';

export type ToastKind = 'success' | 'error' | 'info';

/** spec §9: a toast stays 5000 ms unless told otherwise. */
export const DEFAULT_TOAST_DURATION = 5000;

export interface ToastData {
  id: string;
  message: string;
  type: ToastKind;
  /** Milliseconds before it dismisses itself; spec §4 default 5000. */
  duration?: number;
}

export interface ToastViewportProps {
  toasts: ToastData[];
  onDismiss(id: string): void;
  /** Accessible name of each toast's close button ("Dismiss"). */
  dismissLabel: string;
}

/**
 * Shows the site's toasts (spec §4). Each dismisses itself after its duration; the countdown pauses
 * while the pointer is over it or focus is inside it, so nobody loses a message they are reading.
 */
export function ToastViewport({ toasts, onDismiss, dismissLabel }: ToastViewportProps) {
  return (
    <Viewport>
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} dismissLabel={dismissLabel} />
      ))}
    </Viewport>
  );
}

function Toast({ toast, onDismiss, dismissLabel }: { toast: ToastData; onDismiss(id: string): void; dismissLabel: string }) {
  const { id, message, type } = toast;
  const duration = toast.duration && toast.duration > 0 ? toast.duration : DEFAULT_TOAST_DURATION;
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hovered = useRef(false);
  const focused = useRef(false);
  const dismiss = useRef(onDismiss);

  useEffect(() => {
    dismiss.current = onDismiss;
  }, [onDismiss]);

  const start = () => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismiss.current(id), remaining.current);
  };
  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };
  const resumeIfIdle = () => {
    if (!hovered.current && !focused.current) start();
  };

  useEffect(() => {
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismiss.current(id), remaining.current);
    return () => clearTimeout(timer.current);
  }, [id]);

  return (
    <ToastItem
      $type={type}
      // An error interrupts (alert); success and info wait their turn (status).
      role={type === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => {
        hovered.current = true;
        pause();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        resumeIfIdle();
      }}
      onFocus={() => {
        focused.current = true;
        pause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        resumeIfIdle();
      }}
    >
      <ToastMessage>{message}</ToastMessage>
      <DismissButton type="button" aria-label={dismissLabel} onClick={() => onDismiss(id)}>
        <span aria-hidden="true">×</span>
      </DismissButton>
    </ToastItem>
  );
}
