import type { TranslatePush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useTranslations } from './translationStore.ts';

/**
 * Keeps translations live (mounted once, in the header): a `translate` push — from this tab's
 * request or another tab of the same seat — shows under its message.
 */
export function TranslateLive() {
  const put = useTranslations((s) => s.put);
  useRealtimeEvent<TranslatePush>('translate', (data) => {
    if (data && typeof data.messageId === 'string') put([data]);
  });
  return null;
}
