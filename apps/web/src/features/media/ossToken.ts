import {
  OSS_TOKEN_REFRESH_MS,
  OSS_TOKEN_TTL_MS,
  ossTokenPayload,
  type OssTokenPayload,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { registerCacheClearer } from '../../lib/session/cacheRegistry.ts';

interface Cached {
  token: OssTokenPayload;
  at: number;
}

let cached: Cached | null = null;
let inflight: Promise<OssTokenPayload> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

/** Fetches a fresh storage token (API.md Files: `{token}` is the payload as JSON). */
async function fetchToken(): Promise<OssTokenPayload> {
  const r = await mainApi.get<{ token: string }>('/main-api/oss/token', undefined, {
    silent: true,
  });
  return ossTokenPayload.parse(JSON.parse(r.token));
}

/**
 * The storage token: kept one hour and refreshed every 50 minutes in the background
 * (DESIGN §8); `force` fetches a new one (after an upload error).
 */
export async function ossToken(force = false, now = Date.now()): Promise<OssTokenPayload> {
  if (!force && cached && now - cached.at < OSS_TOKEN_TTL_MS) return cached.token;
  inflight ??= fetchToken()
    .then((token) => {
      cached = { token, at: Date.now() };
      timer ??= setInterval(() => void ossToken(true).catch(() => undefined), OSS_TOKEN_REFRESH_MS);
      return token;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Forgets the token (logout, tests). */
export function resetOssToken(): void {
  cached = null;
  if (timer) clearInterval(timer);
  timer = null;
}

// A logout stops the refresh and drops the token: the next user of the tab gets their own.
registerCacheClearer(resetOssToken);
