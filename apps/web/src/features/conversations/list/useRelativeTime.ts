import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../relativeTime.ts';
import { useNow } from './useNow.ts';

/** Formats times relative to now in the user's language (SPEC §4 relative time display). */
export function useRelativeTime(): (ms: number) => string {
  const { t } = useTranslation();
  const now = useNow();
  return useCallback(
    (ms: number) =>
      relativeTime(ms, Math.max(now, Date.now()), {
        justNow: t('inbox.time.justNow'),
        minutesAgo: (count) => t('inbox.time.minutesAgo', { count }),
        yesterday: t('inbox.time.yesterday'),
        dayBefore: t('inbox.time.dayBefore'),
      }),
    [t, now],
  );
}
