import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SLICE_BYTES } from '@cst/shared';
import { HttpError } from '../../lib/http/errors.ts';
import { uploadChatFile, UploadError } from './upload.ts';

/** A server that keeps slices, loses the connection when told, and joins what arrived. */
const server = vi.hoisted(() => ({
  slices: new Map<number, number>(),
  calls: [] as string[],
  dropOnce: new Set<number>(),
  refuse: '',
  refuseStatus: 400,
  dropAlways: false,
  tokens: [] as boolean[],
}));

vi.mock('./ossToken.ts', () => ({
  ossToken: (force = false) => {
    server.tokens.push(force);
    return Promise.resolve({
      host: '/oss-api',
      dir: 't/abc/u/def/',
      accessid: 'id',
      policy: 'p',
      signature: 's',
      expire: 0,
    });
  },
}));

vi.mock('../../lib/http/clients.ts', () => ({
  mainApi: {
    post: (url: string, body: FormData | { key: string; size: number }) => {
      const size = body instanceof FormData ? Number(body.get('size')) : body.size;
      const count = Math.ceil(size / (1024 * 1024));
      const state = () => ({
        sliceBytes: 1024 * 1024,
        count,
        received: [...server.slices.keys()].sort((a, b) => a - b),
      });
      if (url === '/main-api/oss/slices/status') {
        server.calls.push('status');
        return Promise.resolve(state());
      }
      if (url === '/main-api/oss/slices/put') {
        const form = body as FormData;
        const index = Number(form.get('index'));
        server.calls.push(`put ${index}`);
        if (server.refuse) {
          return Promise.reject(
            new HttpError('api', server.refuse, server.refuseStatus, server.refuseStatus),
          );
        }
        if (server.dropAlways || server.dropOnce.delete(index)) {
          return Promise.reject(new HttpError('network', 'Network Error'));
        }
        server.slices.set(index, (form.get('file') as Blob).size);
        return Promise.resolve(state());
      }
      server.calls.push('complete');
      return Promise.resolve({
        key: (body as { key: string }).key,
        url: `/oss-api/${(body as { key: string }).key}`,
        size,
        mime: 'application/pdf',
        kind: 'document',
        width: null,
        height: null,
        thumbUrl: null,
      });
    },
  },
}));

const file = new File([new Uint8Array(2 * UPLOAD_SLICE_BYTES + 10)], 'big.pdf', {
  type: 'application/pdf',
});

describe('uploads in 1 MB slices', () => {
  beforeEach(() => {
    server.slices.clear();
    server.calls = [];
    server.dropOnce.clear();
    server.refuse = '';
    server.refuseStatus = 400;
    server.dropAlways = false;
    server.tokens = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sends a large file in slices and reports the progress', async () => {
    const progress: number[] = [];
    const r = await uploadChatFile(file, 'wxid_a', 'wxid_c', {
      onProgress: (f) => progress.push(f),
    });
    expect(server.calls).toEqual(['status', 'put 0', 'put 1', 'put 2', 'complete']);
    expect([...server.slices.values()]).toEqual([UPLOAD_SLICE_BYTES, UPLOAD_SLICE_BYTES, 10]);
    expect(progress).toEqual([0, 1 / 3, 2 / 3, 1]);
    expect(r.size).toBe(file.size);
  });

  it('after a dropped connection says so, waits 2 s, refreshes the token and sends only what is missing', async () => {
    server.dropOnce.add(1);
    const retries: number[] = [];
    const progress: number[] = [];
    const done = uploadChatFile(file, 'wxid_a', 'wxid_c', {
      onRetry: () => retries.push(Date.now()),
      onProgress: (f) => progress.push(f),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(retries).toHaveLength(1);
    expect(server.calls).toEqual(['status', 'put 0', 'put 1']);
    // Nothing happens before the 2 seconds are over.
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(3);
    expect(server.tokens).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    const r = await done;
    expect(server.tokens).toEqual([false, true]);
    expect(server.calls).toEqual([
      'status',
      'put 0',
      'put 1',
      'status',
      'put 1',
      'put 2',
      'complete',
    ]);
    expect(progress).toEqual([0, 1 / 3, 1 / 3, 2 / 3, 1]);
    expect(r.key).toMatch(/^t\/abc\/u\/def\/wxid_a\/wxid_c\/\d{8}\/\d+-.+\.pdf$/);
  });

  it('gives up after its retries, and at once when the server refuses the file', async () => {
    server.dropAlways = true;
    const failing = uploadChatFile(file, 'a', 'c', {}).catch((e: unknown) => e);
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(2000);
    const err = await failing;
    expect(err).toBeInstanceOf(UploadError);
    expect((err as UploadError).reason).toBe('uploadFailed');
    expect(server.calls.filter((c) => c === 'status')).toHaveLength(4);

    server.calls = [];
    server.refuse = '不支持的文件类型';
    const refused = await uploadChatFile(file, 'a', 'c', {
      onRetry: () => server.calls.push('retry'),
    }).catch((e: unknown) => e as UploadError);
    expect(refused).toMatchObject({ reason: 'uploadFailed', detail: '不支持的文件类型' });
    expect(server.calls).toEqual(['status', 'put 0']);
  });

  it("stops at once with the server's words when too many uploads are unfinished", async () => {
    server.refuse =
      '未完成的上传过多（每人最多 20 个、共 200M），请先完成正在进行的上传；超过 24 小时未继续的上传会被自动清除';
    server.refuseStatus = 429;
    const refused = await uploadChatFile(file, 'a', 'c', {
      onRetry: () => server.calls.push('retry'),
    }).catch((e: unknown) => e as UploadError);
    expect(refused).toMatchObject({ reason: 'uploadFailed', detail: server.refuse });
    expect(server.calls).toEqual(['status', 'put 0']);
  });
});
