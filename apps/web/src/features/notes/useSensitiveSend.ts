import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstSensitiveMatch } from '@cst/shared';
import { notesApi, notesKeys } from './api.ts';

/** A sensitive word found in the draft: the word and its place. */
export interface SensitiveHit {
  word: string;
  index: number;
  length: number;
}

/**
 * The tenant's rule for texts with sensitive words, before sending (the server checks again):
 * `check` gives (at once, or after the dialog) the send's flags, or null when the text must not go —
 * refused (mode block, `blocked` names the word) or not confirmed (mode confirm).
 */
export function useSensitiveSend() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [blocked, setBlocked] = useState<SensitiveHit | null>(null);
  const { data: rules } = useQuery({
    queryKey: notesKeys.sendRules,
    queryFn: notesApi.sendRules,
    staleTime: 60_000,
  });
  const check = (
    text: string,
  ): { confirmSensitive?: true } | null | Promise<{ confirmSensitive?: true } | null> => {
    setBlocked(null);
    if (rules?.mode !== 'confirm' && rules?.mode !== 'block') return {};
    const hit = firstSensitiveMatch(text, rules.words);
    if (!hit) return {};
    if (rules.mode === 'block') {
      setBlocked(hit);
      return null;
    }
    return Promise.resolve(
      modal.confirm({
        title: t('notes.sensitiveConfirmTitle'),
        content: t('notes.sensitiveConfirm', { word: hit.word }),
        okText: t('notes.sensitiveSend'),
        okButtonProps: { danger: true, 'data-testid': 'sensitive-confirm-send' },
      }),
    ).then((ok) => (ok ? { confirmSensitive: true as const } : null));
  };
  return { check, blocked, clear: () => setBlocked(null) };
}
