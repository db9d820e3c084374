import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ServerFrame } from './RealtimeClient.ts';
import { useRealtimeStore, type RealtimeStatus } from './realtimeStore.ts';

/**
 * Registers a feature's handler of one server push while the component is mounted (STYLE.md:
 * handlers live with their feature). The latest handler is called, so it may close over state;
 * it follows the connection across logins.
 */
export function useRealtimeEvent<T = unknown>(
  event: string,
  handler: (data: T, frame: ServerFrame) => void,
): void {
  const client = useRealtimeStore((s) => s.client);
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    const off = client.on(event, (data, frame) => ref.current(data as T, frame));
    return () => {
      off();
    };
  }, [client, event]);
}

/** The status of the realtime link (for indicators and for re-checking state after a drop). */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeStore((s) => s.status);
}
