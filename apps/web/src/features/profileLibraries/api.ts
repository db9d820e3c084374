import type {
  AvatarItem,
  BatchEditProfileBody,
  BatchEditProfileResult,
  NicknameItem,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const BASE = '/main-api/profile-lib';

/** React-query keys of the two libraries. */
export const profileLibKeys = {
  avatars: ['profileLib', 'avatars'] as const,
  nicknames: ['profileLib', 'nicknames'] as const,
};

/** The avatar and nickname libraries and the batch profile edit (docs/libraries.md). */
export const profileLibApi = {
  avatars: () => mainApi.post<{ list: AvatarItem[] }>(`${BASE}/avatar/list`, {}),
  uploadAvatar: (file: Blob) => {
    const form = new FormData();
    form.set('file', file, 'avatar.jpg');
    return mainApi.post<AvatarItem>(`${BASE}/avatar/upload`, form);
  },
  deleteAvatars: (ids: string[]) =>
    mainApi.post<{ deleted: number }>(`${BASE}/avatar/del`, { ids }),
  nicknames: () => mainApi.post<{ list: NicknameItem[] }>(`${BASE}/nickname/list`, {}),
  addNicknames: (nicknames: string[]) =>
    mainApi.post<{ added: number }>(`${BASE}/nickname/add`, { nicknames }),
  deleteNicknames: (ids: string[]) =>
    mainApi.post<{ deleted: number }>(`${BASE}/nickname/del`, { ids }),
  batchEdit: (body: BatchEditProfileBody) =>
    mainApi.post<BatchEditProfileResult>('/main-api/acc/batch-edit-profile', body),
};
