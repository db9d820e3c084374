import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_PROXY_MAX_BYTES, IMAGE_PROXY_PATH, imageProxyQuery } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { access, defineRoute } from '../../platform/http.ts';
import {
  guardedFetch,
  OutboundRefusedError,
  OutboundTooLargeError,
} from '../../platform/outbound.ts';
import { detectType } from '../../storage/content-type.ts';
import { sendBytes } from '../../storage/serve.ts';

/** How long a fetched picture is served from the disk cache before it is fetched again. */
export const IMAGE_PROXY_CACHE_MS = 24 * 3600_000;
const FETCH_TIMEOUT_MS = 10_000;
/** Types the proxy serves: raster pictures only (never SVG or HTML), judged by the bytes. */
const PICTURES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

interface Cached {
  mime: string;
  data: Buffer;
}

/**
 * The image proxy (docs/files-and-media.md): pictures whose address came from outside (a
 * contact's avatar, a card's thumbnail) are fetched by the server — through the outbound guard,
 * without any credential or cookie of the seat, at most 5 MB, kept only when the bytes are a
 * PNG, JPEG, GIF or WebP — and cached under `DATA_DIR/image-proxy`, so a seat's browser never
 * loads anything from a stranger's host.
 */
export class ImageProxy {
  private readonly dir: string;
  private readonly inflight = new Map<string, Promise<Cached>>();

  constructor(private readonly deps: Deps) {
    this.dir = path.join(deps.config.dataDir, 'image-proxy');
  }

  /** The picture at an absolute http(s) address, from the cache or fetched now. */
  async get(url: string): Promise<Cached> {
    const key = createHash('sha256').update(url).digest('hex');
    const cached = await this.read(key);
    if (cached) return cached;
    let run = this.inflight.get(key);
    if (!run) {
      run = this.fetch(url).then(async (c) => {
        await this.write(key, c);
        return c;
      });
      this.inflight.set(key, run);
      void run.catch(() => undefined).finally(() => this.inflight.delete(key));
    }
    return run;
  }

  private async fetch(url: string): Promise<Cached> {
    let res: Awaited<ReturnType<typeof guardedFetch>>;
    try {
      res = await guardedFetch(
        url,
        {
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
          maxBytes: IMAGE_PROXY_MAX_BYTES,
        },
        { allowPrivateNetwork: this.deps.config.allowPrivateNetwork },
      );
    } catch (err) {
      if (err instanceof OutboundRefusedError) throw fail.invalid('imageAddressRefused');
      if (err instanceof OutboundTooLargeError) throw fail.tooLarge('imageProxyTooLarge');
      this.deps.log.info({ err: String(err) }, 'image proxy fetch failed');
      throw fail.conflict('mediaUnavailable');
    }
    if (res.status < 200 || res.status > 299) throw fail.conflict('mediaUnavailable');
    const detected = detectType(res.body.subarray(0, 4100), '', true);
    if (!detected || !PICTURES.has(detected.mime)) throw fail.invalid('imageProxyNotImage');
    return { mime: detected.mime, data: res.body };
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  private async read(key: string): Promise<Cached | null> {
    const file = this.file(key);
    try {
      const stat = await fs.stat(file);
      if (this.deps.now() - stat.mtimeMs > IMAGE_PROXY_CACHE_MS) return null;
      const data = await fs.readFile(file);
      const detected = detectType(data.subarray(0, 4100), '', true);
      return detected && PICTURES.has(detected.mime) ? { mime: detected.mime, data } : null;
    } catch {
      return null;
    }
  }

  private async write(key: string, c: Cached): Promise<void> {
    const file = this.file(key);
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(tmp, c.data);
      await fs.rename(tmp, file);
    } catch (err) {
      this.deps.log.warn({ err }, 'image proxy cache write failed');
      await fs.rm(tmp, { force: true });
    }
  }
}

/** `GET /api/v1/image-proxy?url=` for a signed-in user (the file cookie or a header). */
export function registerImageProxyRoute(app: FastifyInstance, deps: Deps): void {
  const proxy = new ImageProxy(deps);
  defineRoute(app, {
    method: 'GET',
    url: IMAGE_PROXY_PATH,
    access: access.user,
    tags: ['media'],
    summary: 'An outside picture (PNG, JPEG, GIF, WebP, at most 5 MB) fetched by the server',
    querystring: imageProxyQuery,
    response: z.null(),
    raw: true,
    handler: async ({ query, req, reply }) => {
      let target: URL;
      try {
        target = new URL(query.url);
      } catch {
        throw fail.invalid('imageAddressRefused');
      }
      if (target.username || target.password) throw fail.invalid('imageAddressRefused');
      const picture = await proxy.get(target.href).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        throw fail.conflict('mediaUnavailable');
      });
      await sendBytes(req, reply, picture.data, { mime: picture.mime });
      return null;
    },
  });
}
