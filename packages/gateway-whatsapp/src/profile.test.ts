import { describe, expect, it } from 'vitest';
import { ME, ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// The account's own profile on WhatsApp: push name and profile picture (the batch edit of the
// avatar and nickname libraries).

let h: WaHarness;
useLoggedInWa((made) => (h = made));

const callsOf = (method: string) => h.sock.calls.filter((c) => c.method === method);

describe('setProfile', () => {
  it('sets the push name, kept in the session across a restart', async () => {
    const out = await h.gateway.setProfile(ME_ID, { nickname: '客服小王' });
    expect(callsOf('updateProfileName').map((c) => c.args)).toEqual([['客服小王']]);
    expect(out).toMatchObject({ wxid: ME_ID, nickname: '客服小王', alias: '8613800138000' });
    await h.restart();
    await h.gateway.resume(ME_ID);
    expect((await h.gateway.getProfile(ME_ID)).nickname).toBe('客服小王');
  });

  it("sets the picture from the console's file bytes", async () => {
    const url = '/oss-api/t1/avatars/a.jpg';
    const out = await h.gateway.setProfile(ME_ID, { avatarUrl: url });
    const [call] = callsOf('updateProfilePicture');
    expect(call!.args[0]).toBe(ME.id);
    expect(Buffer.isBuffer(call!.args[1])).toBe(true);
    expect((call!.args[1] as Buffer).toString()).toBe(`bytes of ${url}`);
    expect(out.avatar).toBe(url);
    expect(out.nickname).toBe(ME.name);
    expect(callsOf('updateProfileName')).toEqual([]);
  });

  it('refuses an empty name, offline accounts; maps WhatsApp refusals to failed', async () => {
    await expect(h.gateway.setProfile(ME_ID, { nickname: '  ' })).rejects.toMatchObject({
      code: 'invalid',
    });
    h.sock.updateProfilePicture = async () => {
      throw Object.assign(new Error('not-acceptable'), { output: { statusCode: 406 } });
    };
    await expect(
      h.gateway.setProfile(ME_ID, { avatarUrl: '/oss-api/t1/avatars/b.jpg' }),
    ).rejects.toMatchObject({ code: 'failed', message: 'not-acceptable' });
    expect((await h.gateway.getProfile(ME_ID)).avatar).toBe('');
    h.sock.close(503, 'Service Unavailable');
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'offline');
    await expect(h.gateway.setProfile(ME_ID, { nickname: 'x' })).rejects.toMatchObject({
      code: 'notOnline',
    });
    expect(callsOf('updateProfileName')).toEqual([]);
  });
});
