import { create } from 'zustand';
import type { RealtimeClient } from './RealtimeClient.ts';

/**
 * The state of the realtime link as the screens see it: not started (signed out), connecting,
 * open, reconnecting after a drop, or failed for good (every reconnect used up).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed';

/** The live connection of the signed-in user and its status. */
export interface RealtimeState {
  client: RealtimeClient | null;
  status: RealtimeStatus;
  /** Reconnect attempts since the last heartbeat (shown while reconnecting). */
  attempt: number;
}

/** The realtime store; features read it through the hooks in useRealtimeEvent.ts. */
export const useRealtimeStore = create<RealtimeState>()(() => ({
  client: null,
  status: 'idle',
  attempt: 0,
}));
