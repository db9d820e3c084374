import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP services speaking each translation provider's protocol, for tests: each checks the
 * credentials and signatures it receives as the real service does (its own implementation of the
 * documented algorithm, not the provider's) and translates from a small dictionary.
 */

/** What a fake service received. */
export interface FakeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeService {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

const DICTIONARY: Record<string, string> = {
  你好: 'Hello',
  '你好，世界': 'Hello, world',
  Hello: '你好',
};
export const fakeTranslation = (q: string) => DICTIONARY[q] ?? `<${q}>`;

type Handler = (req: FakeRequest) => { status?: number; json: unknown } | 'hang';

export async function serve(handler: Handler): Promise<FakeService> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(r);
      const out = handler(r);
      if (out === 'hang') return;
      res.statusCode = out.status ?? 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** DeepL: `DeepL-Auth-Key` header; /v2/languages and /v2/translate. */
export function deeplService(key: string) {
  return serve((r) => {
    if (r.headers.authorization !== `DeepL-Auth-Key ${key}`) {
      return { status: 403, json: { message: 'Authorization failure, check auth_key' } };
    }
    if (r.method === 'GET' && r.url === '/v2/languages?type=target') {
      return {
        json: [
          { language: 'EN-US', name: 'English (American)', supports_formality: false },
          { language: 'JA', name: 'Japanese', supports_formality: false },
          { language: 'ZH-HANS', name: 'Chinese (simplified)', supports_formality: false },
        ],
      };
    }
    if (r.method === 'POST' && r.url === '/v2/translate') {
      const body = JSON.parse(r.body) as { text: string[]; target_lang: string };
      if (body.text[0] === 'quota') return { status: 456, json: { message: 'Quota exceeded' } };
      return {
        json: {
          translations: body.text.map((t) => ({
            detected_source_language: 'ZH',
            text: fakeTranslation(t),
          })),
        },
      };
    }
    return { status: 404, json: { message: 'not found' } };
  });
}

/** An OpenAI-compatible `POST /chat/completions` with a bearer key. */
export function chatService(key: string) {
  return serve((r) => {
    if (r.headers.authorization !== `Bearer ${key}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided' } } };
    }
    if (r.method !== 'POST' || r.url !== '/v1/chat/completions') {
      return { status: 404, json: { error: { message: 'not found' } } };
    }
    const body = JSON.parse(r.body) as { messages: { role: string; content: string }[] };
    const user = body.messages.find((m) => m.role === 'user')!.content;
    return {
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: fakeTranslation(user) } }],
      },
    };
  });
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Baidu fanyi: form-encoded, sign = md5(appid + q + salt + key). */
export function baiduService(appId: string, key: string) {
  return serve((r) => {
    if (r.method !== 'POST' || r.url !== '/api/trans/vip/translate') {
      return { status: 404, json: {} };
    }
    const f = new URLSearchParams(r.body);
    const q = f.get('q') ?? '';
    if (f.get('appid') !== appId)
      return { json: { error_code: '52003', error_msg: 'UNAUTHORIZED USER' } };
    if (f.get('sign') !== md5(`${appId}${q}${f.get('salt')}${key}`)) {
      return { json: { error_code: '54001', error_msg: 'Invalid Sign' } };
    }
    return {
      json: {
        from: f.get('from') === 'auto' ? 'zh' : f.get('from'),
        to: f.get('to'),
        trans_result: q.split('\n').map((src) => ({ src, dst: fakeTranslation(src) })),
      },
    };
  });
}

/** Youdao v3: sign = sha256(appKey + input + salt + curtime + secret), curtime within 5 min. */
export function youdaoService(appKey: string, secret: string, now: () => number) {
  return serve((r) => {
    if (r.method !== 'POST' || r.url !== '/api') return { status: 404, json: {} };
    const f = new URLSearchParams(r.body);
    const q = f.get('q') ?? '';
    if (f.get('appKey') !== appKey) return { json: { errorCode: '108' } };
    const cps = [...q];
    const input =
      cps.length > 20 ? cps.slice(0, 10).join('') + cps.length + cps.slice(-10).join('') : q;
    const curtime = f.get('curtime') ?? '';
    const expected = createHash('sha256')
      .update(appKey + input + f.get('salt') + curtime + secret)
      .digest('hex');
    if (f.get('signType') !== 'v3' || f.get('sign') !== expected)
      return { json: { errorCode: '202' } };
    if (Math.abs(Number(curtime) - now() / 1000) > 300) return { json: { errorCode: '206' } };
    const from = f.get('from') === 'auto' ? 'zh-CHS' : f.get('from');
    return {
      json: {
        errorCode: '0',
        query: q,
        translation: [fakeTranslation(q)],
        l: `${from}2${f.get('to')}`,
      },
    };
  });
}

/** Tencent TMT TextTranslate: TC3-HMAC-SHA256 over content-type and host, 5 min skew. */
export function tencentService(secretId: string, secretKey: string, now: () => number) {
  const fail = (Code: string, Message: string) => ({
    json: { Response: { Error: { Code, Message }, RequestId: 'r1' } },
  });
  return serve((r) => {
    if (r.method !== 'POST' || r.url !== '/') return { status: 404, json: {} };
    const h = r.headers;
    if (h['x-tc-action'] !== 'TextTranslate' || h['x-tc-version'] !== '2018-03-21') {
      return fail('InvalidAction', 'bad action');
    }
    const m =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/tmt\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
    if (!m) return fail('AuthFailure.InvalidAuthorization', 'bad authorization');
    const [, id, date, signed, signature] = m;
    if (id !== secretId) return fail('AuthFailure.SecretIdNotFound', 'unknown SecretId');
    const ts = Number(h['x-tc-timestamp']);
    if (Math.abs(ts - now() / 1000) > 300) return fail('AuthFailure.SignatureExpire', 'expired');
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) {
      return fail('AuthFailure.SignatureFailure', 'bad date');
    }
    const names = signed!.split(';');
    const canonicalHeaders = names
      .map((n) => `${n}:${String(h[n]).trim().toLowerCase()}\n`)
      .join('');
    const hashedPayload = createHash('sha256').update(r.body).digest('hex');
    const canonical = `POST\n/\n\n${canonicalHeaders}\n${signed}\n${hashedPayload}`;
    const stringToSign = `TC3-HMAC-SHA256\n${ts}\n${date}/tmt/tc3_request\n${createHash('sha256').update(canonical).digest('hex')}`;
    let k: Buffer = createHmac('sha256', `TC3${secretKey}`).update(date!).digest();
    k = createHmac('sha256', k).update('tmt').digest();
    k = createHmac('sha256', k).update('tc3_request').digest();
    if (createHmac('sha256', k).update(stringToSign).digest('hex') !== signature) {
      return fail('AuthFailure.SignatureFailure', 'signature mismatch');
    }
    if (!names.includes('host')) return fail('AuthFailure.SignatureFailure', 'host not signed');
    const body = JSON.parse(r.body) as { SourceText: string; Source: string; Target: string };
    return {
      json: {
        Response: {
          TargetText: fakeTranslation(body.SourceText),
          Source: body.Source === 'auto' ? 'zh' : body.Source,
          Target: body.Target,
          RequestId: 'r1',
        },
      },
    };
  });
}

/** LibreTranslate: /languages and /translate, api_key checked when one is set. */
export function libreService(apiKey?: string) {
  return serve((r) => {
    if (r.method === 'GET' && r.url === '/languages') {
      return {
        json: [
          { code: 'en', name: 'English' },
          { code: 'zh', name: 'Chinese' },
        ],
      };
    }
    if (r.method === 'POST' && r.url === '/translate') {
      const body = JSON.parse(r.body) as { q: string; api_key?: string };
      if (apiKey && body.api_key !== apiKey) {
        return { status: 403, json: { error: 'Invalid API key' } };
      }
      if (body.q === 'slow') return 'hang';
      return {
        json: {
          translatedText: fakeTranslation(body.q),
          detectedLanguage: { language: 'zh', confidence: 90 },
        },
      };
    }
    return { status: 404, json: { error: 'not found' } };
  });
}
