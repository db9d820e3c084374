import { useCan } from '../../lib/session/sessionStore.ts';
import { useAiCapability } from './api.ts';

/** The settings page of the AI provider (managers). */
export const AI_SETTINGS_PATH = '/settings/ai';

/**
 * How AI controls show for the caller: hidden for seats while AI is not available; for managers
 * (`ai.manage`) shown disabled with the reason and a link to the settings.
 */
export function useAiAccess(): { show: boolean; ready: boolean; reason: string | null } {
  const cap = useAiCapability();
  const manager = useCan('ai.manage');
  if (!cap) return { show: false, ready: false, reason: null };
  if (cap.configured) return { show: true, ready: true, reason: null };
  return { show: manager, ready: false, reason: cap.reason };
}
