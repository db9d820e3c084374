import type { FastifyInstance } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_DOCS_CSP } from '../../platform/security-headers.ts';

/** Where the public API lives. */
export const OPEN_PREFIX = '/open/v1';
/** Its docs page (public: no login), and its OpenAPI document at `${OPEN_DOCS}/json`. */
export const OPEN_DOCS = `${OPEN_PREFIX}/docs`;
/** The tag of its operations in the documents. */
export const OPEN_TAG = 'public API';

const INTRO = `The public API of the console, for CRMs, order systems and automations (n8n, Typebot,
Dify…). Every operation is a \`POST\` with a JSON body (\`files/upload\` takes multipart) and answers
the envelope \`{"code": 0, "message": "ok", "data": …}\`; an error answers its HTTP status with
\`code\` equal to it and a \`message\` in the language of \`Accept-Language\` (zh-CN or en).

**Authentication.** Create a key in the console (设置 → 开放平台 → API 密钥) and send it as
\`Authorization: Bearer cst_…\`. A key acts with the permissions and work accounts chosen when it was
made, and never more than its creator may do now. A revoked or expired key answers 401; an
operation outside its permissions 403; a work account outside its accounts 404.

**Limits.** Each key has a token bucket (20 requests/s, bursts of 40). Over it the API answers 429
with \`Retry-After\` (seconds).

**Idempotency.** \`messages/send\` takes an \`idempotencyKey\`: the same key again answers the same
\`messageId\` and sends nothing, so a retry after a timeout is always safe.

\`\`\`bash
curl -s https://console.example.com/open/v1/messages/send \\
  -H "Authorization: Bearer $CST_KEY" -H 'Content-Type: application/json' \\
  -d '{"workWxid":"wxid_a","receiver_id":"wxid_b","talkType":1,
       "idempotencyKey":"order-1001","message":{"kind":"text","content":"Hello"}}'
\`\`\``;

/** Examples of one operation in curl, Node and Python (the `x-codeSamples` of the document). */
function codeSamples(path: string, example: string, multipart: boolean) {
  const url = `https://console.example.com${path}`;
  if (path === `${OPEN_PREFIX}/events`) return streamSamples(url);
  if (multipart) {
    return [
      {
        lang: 'Shell',
        label: 'curl',
        source: `curl -s ${url} \\\n  -H "Authorization: Bearer $CST_KEY" \\\n  -F file=@photo.jpg`,
      },
      {
        lang: 'JavaScript',
        label: 'Node',
        source: `import { openAsBlob } from 'node:fs';\nconst form = new FormData();\nform.append('file', await openAsBlob('photo.jpg'), 'photo.jpg');\nconst res = await fetch('${url}', {\n  method: 'POST',\n  headers: { Authorization: \`Bearer \${process.env.CST_KEY}\` },\n  body: form,\n});\nconst { data } = await res.json(); // data.url is a fileUrl`,
      },
      {
        lang: 'Python',
        label: 'Python',
        source: `import os, requests\nwith open("photo.jpg", "rb") as f:\n    r = requests.post("${url}",\n        headers={"Authorization": f"Bearer {os.environ['CST_KEY']}"},\n        files={"file": f})\nprint(r.json()["data"]["url"])`,
      },
    ];
  }
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl -s ${url} \\\n  -H "Authorization: Bearer $CST_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${example}'`,
    },
    {
      lang: 'JavaScript',
      label: 'Node',
      source: `const res = await fetch('${url}', {\n  method: 'POST',\n  headers: {\n    Authorization: \`Bearer \${process.env.CST_KEY}\`,\n    'Content-Type': 'application/json',\n  },\n  body: JSON.stringify(${example}),\n});\nconst { code, message, data } = await res.json();`,
    },
    {
      lang: 'Python',
      label: 'Python',
      source: `import os, requests\nr = requests.post("${url}",\n    headers={"Authorization": f"Bearer {os.environ['CST_KEY']}"},\n    json=${example.replace(/\btrue\b/g, 'True').replace(/\bfalse\b/g, 'False')})\nprint(r.json()["data"])`,
    },
  ];
}

/** Examples of reading the event stream (Server-Sent Events, resumed by `Last-Event-ID`). */
function streamSamples(url: string) {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl -sN ${url} \\\n  -H "Authorization: Bearer $CST_KEY" \\\n  -H "Last-Event-ID: 0"`,
    },
    {
      lang: 'JavaScript',
      label: 'Node',
      source: `// npm i eventsource (it sends Last-Event-ID again after a reconnect)\nimport { EventSource } from 'eventsource';\nconst es = new EventSource('${url}', {\n  fetch: (input, init) => fetch(input, {\n    ...init,\n    headers: { ...init.headers, Authorization: \`Bearer \${process.env.CST_KEY}\` },\n  }),\n});\nes.addEventListener('message.received', (e) => console.log(JSON.parse(e.data)));`,
    },
    {
      lang: 'Python',
      label: 'Python',
      source: `import os, json, requests\nlast = "0"\nwith requests.get("${url}", stream=True,\n        headers={"Authorization": f"Bearer {os.environ['CST_KEY']}",\n                 "Last-Event-ID": last}) as r:\n    for line in r.iter_lines(decode_unicode=True):\n        if line.startswith("id: "): last = line[4:]\n        if line.startswith("data: "): print(json.loads(line[6:]))`,
    },
  ];
}

/** The markdown fence of each sample's language. */
const FENCE: Record<string, string> = { Shell: 'bash', JavaScript: 'js', Python: 'python' };

/** A request body to show for each operation. */
const EXAMPLES: Record<string, string> = {
  'accounts/list': '{}',
  'conversations/list': '{"workWxid": "wxid_a", "page": 1, "pageSize": 20}',
  'messages/list': '{"index_name": "wxid_a_1_wxid_b", "limit": 30}',
  'messages/send':
    '{"workWxid": "wxid_a", "receiver_id": "wxid_b", "talkType": 1, "idempotencyKey": "order-1001", "message": {"kind": "text", "content": "Hello"}}',
  'contacts/list': '{"workWxid": "wxid_a", "keyword": "Li", "page": 1, "pageSize": 50}',
  'contacts/tag':
    '{"targets": [{"workWxid": "wxid_a", "friendWxid": "wxid_b"}], "tagIds": ["0190a0c2-…"], "op": "add"}',
  'tags/list': '{}',
  'tasks/bulk-send/create':
    '{"taskName": "Promo", "taskType": "friends", "workWxids": ["wxid_a"], "targets": {"mode": "all"}, "messages": [{"kind": "text", "content": "Hi"}]}',
  'tasks/bulk-send/fetch': '{"page": 1, "pageSize": 20}',
  'friend-requests/list': '{"page": 1, "pageSize": 20}',
  'friend-requests/accept': '{"id": "0190a0c2-…"}',
};

interface OpenApiDocument {
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  tags?: unknown[];
  components?: Record<string, unknown>;
  security?: unknown[];
  [k: string]: unknown;
}

/** The public API's own document, cut from the server's: its paths only, with its auth and samples. */
export function openApiDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, ops] of Object.entries(full.paths ?? {})) {
    if (!path.startsWith(`${OPEN_PREFIX}/`) || path.startsWith(OPEN_DOCS)) continue;
    const name = path.slice(OPEN_PREFIX.length + 1);
    const out: Record<string, Record<string, unknown>> = {};
    for (const [method, op] of Object.entries(ops)) {
      const samples = codeSamples(path, EXAMPLES[name] ?? '{}', name === 'files/upload');
      // Swagger UI shows the description; tools that read x-codeSamples (Redoc, Scalar) get tabs.
      const shown = samples
        .map((c) => `**${c.label}**\n\n\`\`\`${FENCE[c.lang]}\n${c.source}\n\`\`\``)
        .join('\n\n');
      const description = typeof op.description === 'string' ? `${op.description}\n\n` : '';
      out[method] = {
        ...op,
        description: description + shown,
        security: [{ apiKey: [] }],
        'x-codeSamples': samples,
      };
    }
    paths[path] = out;
  }
  return {
    openapi: full.openapi ?? '3.0.3',
    info: { title: 'CST public API', version: 'v1', description: INTRO },
    servers: [{ url: '/' }],
    tags: [{ name: OPEN_TAG }],
    paths,
    components: {
      ...((full.components ?? {}) as Record<string, unknown>),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: cst_…' },
      },
    },
  };
}

/** The docs page of the public API at `/open/v1/docs` (Swagger UI), readable without login. */
export function registerOpenDocs(app: FastifyInstance): void {
  void app.register(async (scope) => {
    await scope.register(fastifySwaggerUi, {
      routePrefix: OPEN_DOCS,
      staticCSP: API_DOCS_CSP,
      transformSpecification: (spec) => openApiDocument(spec as OpenApiDocument),
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  });
}
