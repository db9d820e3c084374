import type {
  ApiKeyCreateBody,
  ApiKeyCreateResult,
  ApiKeyListResult,
  ApiKeyUpdateBody,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const P = '/main-api/open/keys';

/** API key calls (API.md, third ring). */
export const apiKeysApi = {
  list: () => mainApi.post<ApiKeyListResult>(`${P}/list`),
  create: (body: ApiKeyCreateBody) => mainApi.post<ApiKeyCreateResult>(`${P}/create`, body),
  update: (body: ApiKeyUpdateBody) => mainApi.post<null>(`${P}/update`, body),
  revoke: (id: string) => mainApi.post<null>(`${P}/revoke`, { id }),
};

/** Query keys of the keys list. */
export const apiKeysKeys = { all: ['openPlatform', 'apiKeys'] as const };
