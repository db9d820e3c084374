import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received. */
export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The chat's messages as one text (what the model was shown). */
  prompt: string;
  /** audio/transcriptions: the multipart's model and file size. */
  sttModel?: string;
  fileBytes?: number;
}

/** How the fake answers one chat request. */
export interface FakeAnswer {
  status?: number;
  /** Waits this long before the head of the answer. */
  delayMs?: number;
  text?: string;
  /** Reports no usage (the client estimates). */
  noUsage?: boolean;
  error?: string;
}

export const DEFAULT_DRAFTS =
  '您好，这款现在有货，今天下单明天发货。\n---\n有货的，需要我帮您预留吗？\n---\n在的，请问需要什么颜色？';

/**
 * A local OpenAI-compatible server for tests (real HTTP): `POST /v1/chat/completions` (plain and
 * `stream: true` as server-sent events) and `POST /v1/audio/transcriptions`. `answer` decides
 * each chat answer (slow answers, errors, 429s); every request is recorded.
 */
export function fakeOpenAi() {
  const requests: FakeRequest[] = [];
  const state = {
    answer: (_req: FakeRequest): FakeAnswer => ({ text: DEFAULT_DRAFTS }),
    transcript: '你好，我想问一下价格',
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = req.url ?? '';
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        const text = raw.toString('latin1');
        const model = /name="model"\r\n\r\n([^\r]*)/.exec(text)?.[1];
        const fileStart = text.indexOf('\r\n\r\n', text.indexOf('name="file"')) + 4;
        const fileEnd = text.lastIndexOf('\r\n--');
        requests.push({
          path,
          authorization: req.headers.authorization,
          body: {},
          prompt: '',
          sttModel: model,
          fileBytes: fileEnd - fileStart,
        });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ text: state.transcript }));
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      const msgs = (body.messages as { role: string; content: string }[]) ?? [];
      const r: FakeRequest = {
        path,
        authorization: req.headers.authorization,
        body,
        prompt: msgs.map((m) => `${m.role}: ${m.content}`).join('\n'),
      };
      requests.push(r);
      const a = state.answer(r);
      const go = () => {
        if (res.destroyed) return;
        if (a.status && a.status !== 200) {
          res.statusCode = a.status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ error: { message: a.error ?? `status ${a.status}` } }));
          return;
        }
        const text = a.text ?? '';
        const usage = a.noUsage
          ? undefined
          : { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
        if (body.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const pieces = text.match(/[\s\S]{1,6}/g) ?? [];
          for (const p of pieces) {
            res.write(
              `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: p } }] })}\n\n`,
            );
          }
          if (usage) res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: text } }],
            ...(usage ? { usage } : {}),
          }),
        );
      };
      if (a.delayMs) setTimeout(go, a.delayMs);
      else go();
    });
  });
  return {
    server,
    requests,
    state,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    get baseUrl() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    /** Chat requests only. */
    chats: () => requests.filter((r) => r.path === '/v1/chat/completions'),
  };
}

export type FakeOpenAi = ReturnType<typeof fakeOpenAi>;
