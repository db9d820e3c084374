import type {
  ConversationItem,
  MaterialAddBody,
  MaterialEditBody,
  MaterialFolderItem,
  MaterialItem,
  MaterialListBody,
  MaterialListResult,
  RichSendResult,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { newSendingId } from '../conversations/store/sendingId.ts';

const BASE = '/main-api/material';

/** React-query keys of the library. */
export const materialKeys = {
  all: ['material'] as const,
  folders: ['material', 'folders'] as const,
  items: ['material', 'items'] as const,
};

/** The material library's calls (docs/libraries.md). */
export const materialApi = {
  folders: () => mainApi.post<{ list: MaterialFolderItem[] }>(`${BASE}/folder/list`, {}),
  addFolder: (name: string) => mainApi.post<{ id: string }>(`${BASE}/folder/add`, { name }),
  renameFolder: (id: string, name: string) =>
    mainApi.post<{ id: string }>(`${BASE}/folder/edit`, { id, name }),
  deleteFolder: (id: string) => mainApi.post<{ id: string }>(`${BASE}/folder/del`, { id }),
  list: (body: MaterialListBody) => mainApi.post<MaterialListResult>(`${BASE}/list`, body),
  add: (body: MaterialAddBody) => mainApi.post<MaterialItem>(`${BASE}/add`, body),
  edit: (body: MaterialEditBody) => mainApi.post<MaterialItem>(`${BASE}/edit`, body),
  remove: (ids: string[]) => mainApi.post<{ deleted: number }>(`${BASE}/del`, { ids }),
  /** Up to 9 pictures, or one video, voice or document, into a folder. */
  upload: (folderId: string, files: File[]) => {
    const form = new FormData();
    form.set('folderId', folderId);
    for (const f of files) form.append('file', f, f.name);
    return mainApi.post<{ list: MaterialItem[] }>(`${BASE}/upload`, form);
  },
  fromMessage: (folderId: string, messageId: string) =>
    mainApi.post<MaterialItem>(`${BASE}/from-message`, { folderId, messageId }),
  send: (conv: ConversationItem, materialId: string) =>
    mainApi.post<RichSendResult>(`${BASE}/send`, {
      workWxid: conv.workWxid,
      receiver_id: conv.receiver_id,
      talkType: conv.talkType,
      sendingUUid: newSendingId(),
      materialId,
    }),
};
