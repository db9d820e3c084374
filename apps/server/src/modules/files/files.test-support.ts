import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  SLICE_PATHS,
  type OssTokenPayload,
  type SliceUploadState,
  type UploadResult,
} from '@cst/shared';
import type { Session, TestContext } from '../../../test/support.ts';
import { createPolicy } from '../../storage/post-policy.ts';
import { sharedSecret } from './files.repository.ts';
import { STORAGE_ACCESS_ID } from './files.service.ts';

/** A multipart body as a browser builds it: fields in order, the file last. */
export function multipart(
  fields: [string, string][],
  file?: { field?: string; filename: string; data: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cst${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The storage token of a session, parsed. */
export async function ossToken(ctx: TestContext, s: Session): Promise<OssTokenPayload> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/main-api/oss/token',
    headers: s.headers,
  });
  const body = res.json() as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`oss token: ${res.body}`);
  return JSON.parse(body.data.token) as OssTokenPayload;
}

/** Uploads bytes under a key with a token (fields as the browser sends them). */
export async function uploadAs(
  ctx: TestContext,
  token: OssTokenPayload,
  key: string,
  data: Buffer,
  override: Partial<
    Record<'OSSAccessKeyId' | 'policy' | 'signature' | 'success_action_status', string>
  > = {},
) {
  const body = multipart(
    [
      ['key', key],
      ['OSSAccessKeyId', override.OSSAccessKeyId ?? token.accessid],
      ['policy', override.policy ?? token.policy],
      ['signature', override.signature ?? token.signature],
      ['success_action_status', override.success_action_status ?? '200'],
    ],
    { filename: key.slice(key.lastIndexOf('/') + 1), data },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/oss-api',
    headers: body.headers,
    payload: body.payload,
  });
  return res;
}

/** A key in the token's folder, as the SPA lays it out (account/contact/date/stamp-uuid.ext). */
export function chatKey(
  token: OssTokenPayload,
  ext: string,
  account = 'wxid_acc',
  contact = 'wxid_c',
) {
  return `${token.dir}${account}/${contact}/20250101/${Date.now()}-${randomUUID()}.${ext}`;
}

/** A real PNG of a given size. */
export function pngOf(width = 240, height = 160): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
}

/** A small file of each allowed kind, made here (no downloads). */
export const SAMPLE = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  text: Buffer.from('你好，这是一个文本文件。\nhello\n'),
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
    Buffer.alloc(64, 1),
  ]),
  webm: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(32, 0),
  ]),
  amr: Buffer.concat([Buffer.from('#!AMR\n'), Buffer.alloc(64, 0x3c)]),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64, 0)]),
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
    Buffer.alloc(64, 0),
  ]),
};

/**
 * A token signed with the server's secret for any folder, as tokens of the whole tenant were
 * issued before uploads got a folder per user (an old token still valid for its hour).
 */
export async function createPolicyLike(ctx: TestContext, dir: string): Promise<OssTokenPayload> {
  const secret = await sharedSecret(ctx.deps.db, 'oss_policy_secret');
  const signed = createPolicy(secret, {
    dir,
    maxBytes: 1024 * 1024,
    expiresAt: Date.now() + 60_000,
  });
  return { host: '/oss-api', dir, accessid: STORAGE_ACCESS_ID, ...signed };
}

/** A PDF (by its first bytes) of `size` bytes. */
export function pdfOf(size: number): Buffer {
  const b = Buffer.alloc(size, 0x41);
  SAMPLE.pdf.copy(b, 0, 0, Math.min(size, SAMPLE.pdf.length));
  for (let i = 4096; i < size; i += 4096) b[i] = (i / 4096) % 251;
  return b;
}

/** The sliced-upload calls of one session against one app (optionally in another language). */
export function slicer(ctx: TestContext, s: Session | null, lang?: string) {
  const headers = { ...s?.headers, ...(lang ? { 'accept-language': lang } : {}) };
  const json = async <T>(url: string, body: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers, payload: body });
    const b = res.json() as { code: number; message?: string; data: T };
    return { status: res.statusCode, message: b.message ?? '', data: b.data };
  };
  return {
    status: (key: string, size: number) =>
      json<SliceUploadState>(SLICE_PATHS.status, { key, size }),
    complete: (key: string, size: number) =>
      json<UploadResult>(SLICE_PATHS.complete, { key, size }),
    async put(key: string, size: number, index: number | string, data: Buffer) {
      const body = multipart(
        [
          ['key', key],
          ['size', String(size)],
          ['index', String(index)],
        ],
        { filename: 'blob', data },
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: SLICE_PATHS.put,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      const b = res.json() as { message?: string; data: SliceUploadState };
      return { status: res.statusCode, message: b.message ?? '', data: b.data };
    },
  };
}
