/**
 * In-process notice that a channel's catalog changed (a seed or a migration ran), so every cache
 * of serialised answers drops what it holds. `null` means every channel.
 */
type Listener = (channelId: number | null) => void;
const listeners = new Set<Listener>();

export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyDataChanged(channelId: number | null): void {
  for (const listener of listeners) listener(channelId);
}
