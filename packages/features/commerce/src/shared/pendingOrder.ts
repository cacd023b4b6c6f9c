// The order waiting for the card's security check, kept for the tab so the buy page picks polling
// up again when the provider sends the viewer back (with or without order_id in the query).
const PREFIX = 'grandstand:commerce:pending:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPendingOrder(returnPath: string, orderId: number): void {
  storage()?.setItem(PREFIX + returnPath, String(orderId));
}

export function pendingOrderFor(returnPath: string): number | null {
  const value = storage()?.getItem(PREFIX + returnPath);
  return value && /^[0-9]+$/.test(value) ? Number(value) : null;
}

export function forgetPendingOrder(returnPath: string): void {
  storage()?.removeItem(PREFIX + returnPath);
}
