import { create } from 'zustand';
import type { TranslatePush } from '@cst/shared';
import { translationApi } from './api.ts';

/** Translations shown under messages, by `messageId:target`. */
interface TranslationState {
  texts: Record<string, string>;
  put: (list: Pick<TranslatePush, 'messageId' | 'target' | 'text'>[]) => void;
}

/** The translations this tab has (from answers and from `translate` pushes). */
export const useTranslations = create<TranslationState>((set) => ({
  texts: {},
  put: (list) =>
    set((s) => {
      if (list.length === 0) return s;
      const texts = { ...s.texts };
      for (const t of list) texts[translationKey(t.messageId, t.target)] = t.text;
      return { texts };
    }),
}));

/** The store key of a message's translation into a language. */
export const translationKey = (messageId: string, target: string) => `${messageId}:${target}`;

const BATCH_MS = 30;
const BATCH_MAX = 50;
const asked = new Set<string>();
const queues = new Map<string, { indexName: string; target: string; ids: string[] }>();
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Asks for a message's translation once: requests of one turn are gathered per conversation and
 * language into one call (the server keeps results, so a reload asks the provider nothing).
 */
export function requestTranslation(indexName: string, messageId: string, target: string): void {
  const key = translationKey(messageId, target);
  if (asked.has(key) || useTranslations.getState().texts[key] !== undefined) return;
  asked.add(key);
  const qk = `${indexName}|${target}`;
  let q = queues.get(qk);
  if (!q) queues.set(qk, (q = { indexName, target, ids: [] }));
  q.ids.push(messageId);
  timer ??= setTimeout(flush, BATCH_MS);
}

function flush(): void {
  timer = null;
  const all = [...queues.values()];
  queues.clear();
  for (const q of all) {
    for (let i = 0; i < q.ids.length; i += BATCH_MAX) {
      const ids = q.ids.slice(i, i + BATCH_MAX);
      translationApi
        .messages(q.indexName, ids, q.target)
        .then((r) => useTranslations.getState().put(r.list))
        .catch(() => {
          // Asked again when the bubble is shown next time.
          for (const id of ids) asked.delete(translationKey(id, q.target));
        });
    }
  }
}
