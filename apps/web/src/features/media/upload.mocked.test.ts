import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkFiles, groupFiles } from './sendMedia.ts';
import { uploadChatFile, uploadKey, UploadError } from './upload.ts';

const token = vi.hoisted(() => ({ calls: [] as boolean[], fail: false, s3: false }));
const confirm = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../lib/http/clients.ts', () => ({ mainApi: { post: confirm.post } }));
vi.mock('./ossToken.ts', () => ({
  ossToken: (force = false) => {
    token.calls.push(force);
    if (token.fail) return Promise.reject(new Error('down'));
    if (token.s3) {
      return Promise.resolve({
        host: 'http://bucket.local/cst',
        dir: 'incoming/t/abc/',
        accessid: 'cred',
        policy: 'P',
        signature: 'S',
        expire: 0,
        fields: { Policy: 'P', 'X-Amz-Signature': 'S', success_action_status: '200' },
        confirm: '/main-api/oss/confirm',
      });
    }
    return Promise.resolve({
      host: '/oss-api',
      dir: 't/abc/',
      accessid: 'id',
      policy: force ? 'p2' : 'p1',
      signature: 's',
      expire: 0,
    });
  },
}));

const stored = {
  key: 'k',
  url: '/oss-api/k',
  size: 3,
  mime: 'image/png',
  kind: 'image',
  width: 1,
  height: 1,
  thumbUrl: null,
};
const ok = () => new Response(JSON.stringify({ code: 0, data: stored }), { status: 200 });
const bad = (message: string, status = 403) =>
  new Response(JSON.stringify({ code: 403, message }), { status });
const file = new File(['abc'], 'a.PNG', { type: 'image/png' });

describe('direct upload', () => {
  beforeEach(() => {
    token.calls = [];
    token.fail = false;
    token.s3 = false;
    confirm.post.mockReset();
  });

  it('with STORAGE=s3 posts the presigned fields to the bucket, then has the server check the file', async () => {
    token.s3 = true;
    confirm.post.mockResolvedValue(stored);
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 200 }));
    await expect(uploadChatFile(file, 'w', 'c', { fetchFn })).resolves.toMatchObject({
      url: '/oss-api/k',
    });
    expect(fetchFn.mock.calls[0]![0]).toBe('http://bucket.local/cst');
    const form = fetchFn.mock.calls[0]![1]!.body as FormData;
    expect([...form.keys()]).toEqual([
      'key',
      'Policy',
      'X-Amz-Signature',
      'success_action_status',
      'file',
    ]);
    const key = String(form.get('key'));
    expect(key.startsWith('incoming/t/abc/w/c/')).toBe(true);
    expect(confirm.post).toHaveBeenCalledWith('/main-api/oss/confirm', { key }, { silent: true });
  });

  it('lays keys out as dir/account/contact/day/time-uuid.ext, safely', () => {
    const at = new Date(2026, 0, 5, 10);
    expect(uploadKey('t/abc/', 'wxid_a', 'g1@chatroom', 'x.PNG', at, 'u1')).toBe(
      `t/abc/wxid_a/g1@chatroom/20260105/${at.getTime()}-u1.png`,
    );
    expect(uploadKey('t/abc/', '../x', 'a/b', 'noext', at, 'u')).toBe(
      `t/abc/__x/a_b/20260105/${at.getTime()}-u`,
    );
  });

  it('posts the policy fields and the file last', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(ok());
    await expect(uploadChatFile(file, 'w', 'c', { fetchFn })).resolves.toMatchObject({
      url: '/oss-api/k',
    });
    const form = fetchFn.mock.calls[0]![1]!.body as FormData;
    expect([...form.keys()]).toEqual([
      'key',
      'OSSAccessKeyId',
      'policy',
      'signature',
      'success_action_status',
      'file',
    ]);
  });

  it('on a signature error says retry, refreshes the token and tries again', async () => {
    const onRetry = vi.fn();
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(bad('上传签名无效，请刷新上传凭证后重试'))
      .mockResolvedValueOnce(ok());
    await uploadChatFile(file, 'w', 'c', { fetchFn, onRetry, delayMs: 1 });
    expect(onRetry).toHaveBeenCalledOnce();
    expect(token.calls).toEqual([false, true]);
    expect((fetchFn.mock.calls[1]![1]!.body as FormData).get('policy')).toBe('p2');
  });

  it('fails with upload failed after the retry, and File Token Error without a token', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockRejectedValue(new Error('net'));
    await expect(uploadChatFile(file, 'w', 'c', { fetchFn, delayMs: 1 })).rejects.toMatchObject({
      reason: 'uploadFailed',
    });
    expect(fetchFn).toHaveBeenCalledTimes(2);
    token.fail = true;
    const e = await uploadChatFile(file, 'w', 'c', { fetchFn }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UploadError);
    expect((e as UploadError).reason).toBe('tokenError');
  });

  it('does not retry a refused file type', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(bad('不支持的文件类型', 400));
    await expect(uploadChatFile(file, 'w', 'c', { fetchFn, delayMs: 1 })).rejects.toMatchObject({
      detail: '不支持的文件类型',
    });
    expect(fetchFn).toHaveBeenCalledOnce();
  });

  it('checks counts and sizes before uploading and groups mixed files', () => {
    const many = Array.from({ length: 6 }, () => file);
    expect(checkFiles('image', many)).toBe('msg.tooManyImages');
    expect(checkFiles('image', many.slice(0, 5))).toBeNull();
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'v.mp4', { type: 'video/mp4' });
    expect(checkFiles('video', [big])).toBe('msg.chatVideoTooLarge');
    const doc = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    const g = groupFiles([file, big, doc]);
    expect([g.image.length, g.video.length, g.document.length]).toEqual([1, 1, 1]);
  });
});
