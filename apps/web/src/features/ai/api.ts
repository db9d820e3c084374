import { useQuery } from '@tanstack/react-query';
import type {
  AiCapability,
  AiReplySettings,
  AiSettingsView,
  AiStreamFrame,
  AiUsageView,
} from '@cst/shared';
import { currentLanguage } from '../../i18n/index.ts';
import { mainApi, mainProfile } from '../../lib/http/clients.ts';
import { useSession } from '../../lib/session/sessionStore.ts';

/** AI calls (API.md "AI"). */
export const aiApi = {
  capability: () => mainApi.post<AiCapability>('/main-api/ai/capability', {}, { silent: true }),
  suggest: (indexName: string) =>
    mainApi.post<{ suggestions: string[] }>('/main-api/ai/suggest', { index_name: indexName }),
  summary: (indexName: string) =>
    mainApi.post<{ summary: string }>('/main-api/ai/summary', { index_name: indexName }),
  settings: () => mainApi.post<AiSettingsView>('/main-api/ai/settings/get', {}),
  usage: (month?: string) =>
    mainApi.post<AiUsageView>('/main-api/ai/usage', month ? { month } : {}),
  saveSettings: (body: Record<string, unknown>) =>
    mainApi.post<AiSettingsView>('/main-api/ai/settings/save', body),
  test: (body: Record<string, unknown>) =>
    mainApi.post<{ ok: boolean; model: string; latencyMs: number; message: string | null }>(
      '/main-api/ai/settings/test',
      body,
    ),
  robot: (workWxid?: string) =>
    mainApi.post<AiReplySettings>('/task-api/ai-reply/get', workWxid ? { workWxid } : {}),
  saveRobot: (body: Record<string, unknown>) =>
    mainApi.post<AiReplySettings>('/task-api/ai-reply/save', body),
};

export const aiKeys = {
  capability: ['ai', 'capability'] as const,
  settings: ['ai', 'settings'] as const,
  usage: ['ai', 'usage'] as const,
  robot: (wxid: string) => ['ai', 'robot', wxid] as const,
};

/** Whether AI works for the tenant, and why not (asked once a few minutes). */
export function useAiCapability(): AiCapability | undefined {
  const { data } = useQuery({
    queryKey: aiKeys.capability,
    queryFn: aiApi.capability,
    staleTime: 5 * 60_000,
  });
  return data;
}

/**
 * The drafts streamed (`/main-api/ai/suggest-stream`): `onText` gets the answer so far as it
 * grows; resolves with the drafts. A refusal before the stream (409…) rejects with its message.
 */
export async function streamSuggestions(
  indexName: string,
  onText: (soFar: string) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const s = useSession.getState();
  const res = await fetch('/main-api/ai/suggest-stream', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': currentLanguage(),
      ...mainProfile.authHeaders(s.token ?? '', s.user?.tenantId ?? null),
    },
    body: JSON.stringify({ index_name: indexName }),
    signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const raw = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(raw)?.[1];
      const data = /^data: (.*)$/m.exec(raw)?.[1];
      if (!event || !data) continue;
      const frame = { event, data: JSON.parse(data) } as AiStreamFrame;
      if (frame.event === 'delta') {
        text += frame.data.text;
        onText(text);
      } else if (frame.event === 'done') {
        return frame.data.suggestions;
      } else if (frame.event === 'error') {
        throw new Error(frame.data.message);
      }
    }
  }
  throw new Error('stream ended');
}

/** The drafts so far of a streamed answer (the server's `---` separator). */
export function draftsSoFar(text: string): string[] {
  return text
    .split(/^\s*-{3,}\s*$/m)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 3);
}
