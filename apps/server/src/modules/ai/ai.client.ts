import http from 'node:http';
import https from 'node:https';
import {
  checkLiteral,
  guardedLookup,
  OutboundRefusedError,
  type OutboundConfig,
} from '../../platform/outbound.ts';

// The one OpenAI-compatible client (DESIGN.md §12 "AI"): `POST {base}/chat/completions` with and
// without `stream: true`, and `POST {base}/audio/transcriptions`. Every request connects through
// the outbound guard (platform/outbound.ts: a model on 127.0.0.1 or the LAN needs
// ALLOW_PRIVATE_NETWORK=1), on a fresh socket, with a deadline; answers are size-capped.

/** An OpenAI-compatible endpoint and the models to ask. */
export interface AiProvider {
  /** e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  sttModel: string | null;
}

/** Why a request failed, in terms a caller maps to a message. */
export type AiErrorKind = 'timeout' | 'busy' | 'auth' | 'unreachable' | 'private' | 'failed';

/** A failed provider request. */
export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    /** A short reason for the log and the user (the provider's own message, trimmed). */
    readonly reason: string,
    readonly status?: number,
  ) {
    super(`ai ${kind}${status ? ` ${status}` : ''}: ${reason}`);
    this.name = 'AiError';
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  text: string;
  usage: AiUsage;
}

export interface ChatOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /** Streams the answer (`stream: true`): called with each new piece of text. */
  onDelta?: (text: string) => void;
}

/** Largest non-streamed answer read. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Largest error body read. */
const MAX_ERROR_BYTES = 16 * 1024;

function endpoint(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}/${path}`);
}

/** A rough token count where the provider reports none (about 4 characters a token; CJK 1). */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (ch.charCodeAt(0) > 0x2e80) cjk++;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  res: http.IncomingMessage;
}

/** Sends one request through the guard; resolves when the answer's head arrives. */
function send(
  url: URL,
  init: { headers: Record<string, string>; body: Buffer; signal: AbortSignal },
  config: OutboundConfig,
): Promise<Sent> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new AiError('unreachable', 'only http and https'));
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const allowPrivate = config.allowPrivateNetwork;
  try {
    checkLiteral(host, allowPrivate);
  } catch (err) {
    return Promise.reject(mapError(err, init.signal));
  }
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          'accept-encoding': 'identity',
          'content-length': String(init.body.length),
          ...init.headers,
        },
        agent: false,
        lookup: guardedLookup(allowPrivate),
        signal: init.signal,
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, res }),
    );
    req.on('error', (err) => reject(mapError(err, init.signal)));
    req.end(init.body);
  });
}

function mapError(err: unknown, signal: AbortSignal): AiError {
  if (err instanceof AiError) return err;
  if (err instanceof OutboundRefusedError) return new AiError('private', err.message);
  if (signal.aborted) return new AiError('timeout', 'no answer in time');
  const e = err as NodeJS.ErrnoException;
  return new AiError('unreachable', e.code ?? e.message ?? 'connection failed');
}

/** Reads a body up to `max` bytes. */
function readBody(res: http.IncomingMessage, max: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        res.destroy();
        reject(new AiError('failed', 'answer too large'));
        return;
      }
      chunks.push(c);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', (err) => reject(mapError(err, signal)));
    res.on('aborted', () => reject(mapError(new Error('aborted'), signal)));
  });
}

/** The error of a non-2xx answer, with the provider's message when it gave one. */
async function statusError(sent: Sent, signal: AbortSignal): Promise<AiError> {
  let reason = `HTTP ${sent.status}`;
  try {
    const raw = (await readBody(sent.res, MAX_ERROR_BYTES, signal)).toString('utf8');
    const parsed = JSON.parse(raw) as { error?: { message?: string } | string; message?: string };
    const m =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (m) reason = String(m).slice(0, 200);
  } catch {
    // Not JSON: the status says enough.
  }
  if (sent.status === 429) return new AiError('busy', reason, 429);
  if (sent.status === 401 || sent.status === 403) return new AiError('auth', reason, sent.status);
  if (sent.status === 408 || sent.status === 504)
    return new AiError('timeout', reason, sent.status);
  return new AiError('failed', reason, sent.status);
}

function deadline(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const t = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, t]) : t;
}

function authHeaders(p: AiProvider): Record<string, string> {
  return p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {};
}

interface CompletionJson {
  choices?: { message?: { content?: string | null }; delta?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** `POST {base}/chat/completions`, streamed when `onDelta` is given. */
export async function chatCompletion(
  p: AiProvider,
  messages: ChatMessage[],
  opts: ChatOptions,
  config: OutboundConfig,
): Promise<ChatResult> {
  const signal = deadline(opts.timeoutMs, opts.signal);
  const stream = Boolean(opts.onDelta);
  const body = Buffer.from(
    JSON.stringify({
      model: p.model,
      messages,
      ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
      ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    }),
  );
  const sent = await send(
    endpoint(p.baseUrl, 'chat/completions'),
    {
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
        ...authHeaders(p),
      },
      body,
      signal,
    },
    config,
  );
  if (sent.status < 200 || sent.status >= 300) throw await statusError(sent, signal);
  const promptChars = messages.reduce((n, m) => n + m.content, '');
  const isSse = String(sent.headers['content-type'] ?? '').includes('text/event-stream');
  if (!stream || !isSse) {
    let json: CompletionJson;
    try {
      json = JSON.parse(
        (await readBody(sent.res, MAX_ANSWER_BYTES, signal)).toString('utf8'),
      ) as CompletionJson;
    } catch (err) {
      if (err instanceof AiError) throw err;
      throw new AiError('failed', 'the answer is not JSON');
    }
    const text = json.choices?.[0]?.message?.content ?? '';
    if (stream && text) opts.onDelta?.(text);
    return { text, usage: usageOf(json.usage, promptChars, text) };
  }
  return readStream(sent, signal, opts.onDelta!, promptChars);
}

function usageOf(u: CompletionJson['usage'], prompt: string, text: string): AiUsage {
  return {
    promptTokens: u?.prompt_tokens ?? estimateTokens(prompt),
    completionTokens: u?.completion_tokens ?? estimateTokens(text),
  };
}

/** Reads an SSE answer: `data: {json}` frames until `data: [DONE]` or the end. */
function readStream(
  sent: Sent,
  signal: AbortSignal,
  onDelta: (text: string) => void,
  prompt: string,
): Promise<ChatResult> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let text = '';
    let usage: CompletionJson['usage'] = null;
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ text, usage: usageOf(usage, prompt, text) });
    };
    const frame = (line: string) => {
      if (!line.startsWith('data:')) return;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return finish();
      let json: CompletionJson;
      try {
        json = JSON.parse(data) as CompletionJson;
      } catch {
        return;
      }
      if (json.error) {
        done = true;
        sent.res.destroy();
        reject(new AiError('failed', String(json.error.message ?? 'error').slice(0, 200)));
        return;
      }
      if (json.usage) usage = json.usage;
      const piece = json.choices?.[0]?.delta?.content;
      if (piece) {
        text += piece;
        onDelta(piece);
      }
    };
    sent.res.setEncoding('utf8');
    sent.res.on('data', (chunk: string) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        done = true;
        sent.res.destroy();
        reject(new AiError('failed', 'answer too large'));
        return;
      }
      buffer += chunk;
      let at: number;
      while (!done && (at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at).replace(/\r$/, '');
        buffer = buffer.slice(at + 1);
        frame(line);
      }
    });
    sent.res.on('end', () => {
      if (!done && buffer) frame(buffer.trim());
      finish();
    });
    const fail = (err: unknown) => {
      if (done) return;
      done = true;
      reject(mapError(err, signal));
    };
    sent.res.on('error', fail);
    sent.res.on('aborted', () => fail(new Error('aborted')));
  });
}

/** `POST {base}/audio/transcriptions` (multipart: `file`, `model`): the text. */
export async function transcribe(
  p: AiProvider,
  audio: { data: Buffer; fileName: string; mime: string },
  opts: { timeoutMs: number; signal?: AbortSignal },
  config: OutboundConfig,
): Promise<string> {
  if (!p.sttModel) throw new AiError('failed', 'no transcription model');
  const signal = deadline(opts.timeoutMs, opts.signal);
  const boundary = `----cst${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const safeName = audio.fileName.replace(/["\r\n]/g, '_') || 'voice';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="model"\r\n\r\n${p.sttModel}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="response_format"\r\n\r\njson\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${safeName}"\r\n` +
        `content-type: ${audio.mime || 'application/octet-stream'}\r\n\r\n`,
    ),
    audio.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const sent = await send(
    endpoint(p.baseUrl, 'audio/transcriptions'),
    {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        accept: 'application/json',
        ...authHeaders(p),
      },
      body,
      signal,
    },
    config,
  );
  if (sent.status < 200 || sent.status >= 300) throw await statusError(sent, signal);
  const raw = (await readBody(sent.res, MAX_ANSWER_BYTES, signal)).toString('utf8');
  try {
    const json = JSON.parse(raw) as { text?: string };
    if (typeof json.text !== 'string') throw new Error('no text');
    return json.text.trim();
  } catch {
    throw new AiError('failed', 'the answer has no text');
  }
}
