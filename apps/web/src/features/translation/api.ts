import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { TranslateLanguage } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** Translation calls (API.md Translation). */
export const translationApi = {
  capability: () =>
    mainApi.get<{ enabled: boolean }>('/api/v1/translate/capability', undefined, { silent: true }),
  languages: () => mainApi.get<{ list: TranslateLanguage[] }>('/api/v1/translate/languages'),
  message: (messageId: string, target: string) =>
    mainApi.post<{ text: string }>('/api/v1/translate/message', { messageId, target }),
  text: (text: string, target: string) =>
    mainApi.post<{ text: string }>('/api/v1/translate/text', { text, target }),
};

/** Whether the server has a translation provider (the assistant is hidden otherwise). */
export function useTranslateEnabled(): boolean {
  const { data } = useQuery({
    queryKey: ['translate', 'capability'],
    queryFn: translationApi.capability,
    staleTime: Infinity,
  });
  return data?.enabled === true;
}

const LANG_KEY = 'cst.translateTarget';

/** The language chosen to translate into (kept in local storage). */
export const useTranslateTarget = create<{ target: string; setTarget: (t: string) => void }>(
  (set) => ({
    target: (typeof localStorage !== 'undefined' && localStorage.getItem(LANG_KEY)) || '',
    setTarget: (target) => {
      localStorage.setItem(LANG_KEY, target);
      set({ target });
    },
  }),
);
