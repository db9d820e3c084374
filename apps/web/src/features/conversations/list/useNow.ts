import { useSyncExternalStore } from 'react';

/** How often relative times ('just now', 'N minutes ago') are recomputed. */
const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time, refreshed every 30 s, shared by every relative time on the screen. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
