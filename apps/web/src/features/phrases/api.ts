import type { PhraseGroupItem, PhraseItem, PhraseListResult } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const BASE = '/main-api/phrase';

/** React-query keys of the phrase library. */
export const phraseKeys = {
  all: ['phrases'] as const,
  groups: ['phrases', 'groups'] as const,
  list: ['phrases', 'list'] as const,
};

/** The phrase library's calls (docs/libraries.md). */
export const phraseApi = {
  groups: () => mainApi.post<{ list: PhraseGroupItem[] }>(`${BASE}/group/list`, {}),
  addGroup: (name: string, shared: boolean) =>
    mainApi.post<{ id: string }>(`${BASE}/group/add`, { name, shared }),
  renameGroup: (id: string, name: string) =>
    mainApi.post<{ id: string }>(`${BASE}/group/edit`, { id, name }),
  deleteGroup: (id: string) => mainApi.post<{ id: string }>(`${BASE}/group/del`, { id }),
  /** Every phrase the caller sees, most used first. */
  list: () => mainApi.post<PhraseListResult>(`${BASE}/list`, {}),
  add: (groupId: string | undefined, content: string) =>
    mainApi.post<PhraseItem>(`${BASE}/add`, { groupId, content }),
  edit: (id: string, patch: { content?: string; groupId?: string }) =>
    mainApi.post<PhraseItem>(`${BASE}/edit`, { id, ...patch }),
  remove: (ids: string[]) => mainApi.post<{ deleted: number }>(`${BASE}/del`, { ids }),
  /** Counts a use (silent: inserting must never show an error toast). */
  use: (id: string) => mainApi.post<{ useCount: number }>(`${BASE}/use`, { id }, { silent: true }),
};
