import { describe, expect, it } from 'vitest';
import { sendRiskOf } from './commands.ts';
import { ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// Ban signals: WhatsApp's answers that tell of trouble become `riskSignal` events.
let h: WaHarness;
useLoggedInWa((made) => (h = made));

const boom = (message: string, statusCode?: number) =>
  Object.assign(new Error(message), statusCode ? { output: { statusCode } } : {});

const send = (requestId: string) =>
  h.gateway.send({
    workWxid: ME_ID,
    peerId: '444444444444444@lid',
    talkType: 1,
    requestId,
    message: { kind: 'text', content: 'hello' },
  });

describe('risk signals', () => {
  it('a send answered 429 or 463 is a rate-limit signal; other refusals are send failures', async () => {
    h.sock.failNext = boom('rate-overlimit', 429);
    await expect(send('r1')).rejects.toMatchObject({ code: 'failed' });
    h.sock.failNext = boom('', 463);
    await expect(send('r2')).rejects.toMatchObject({ code: 'failed' });
    h.sock.failNext = boom('not-acceptable', 406);
    await expect(send('r3')).rejects.toMatchObject({ code: 'failed' });
    expect(h.of('riskSignal').map((s) => [s.kind, s.code, s.workWxid])).toEqual([
      ['rateLimit', 429, ME_ID],
      ['rateLimit', 463, ME_ID],
      ['sendFailed', 406, ME_ID],
    ]);
  });

  it('a send failing because the connection closed is no risk signal', async () => {
    h.sock.failNext = boom('Connection Closed', 428);
    await expect(send('c1')).rejects.toMatchObject({ code: 'failed' });
    expect(h.of('riskSignal')).toEqual([]);
    expect(sendRiskOf(new Error('Timed Out'))).toBeNull();
  });

  it('a send failing on a dead connection turns the account offline at once, then reconnects', async () => {
    const dead = h.sock;
    const n = h.sockets.length;
    const before = h.of('statusChanged').length;
    dead.failNext = boom('Connection Closed', 428);
    await expect(send('c2')).rejects.toMatchObject({ code: 'failed' });
    // Offline before the send's answer came back: no wait for the socket to say so.
    expect(h.of('statusChanged').slice(before)[0]).toMatchObject({
      workWxid: ME_ID,
      status: 'offline',
    });
    expect(dead.ended).toBe(true);
    await h.until(() => h.sockets.length === n + 1);
    h.sock.open();
    await h.until(() =>
      h
        .of('statusChanged')
        .slice(before)
        .some((e) => e.status === 'online'),
    );
    expect(
      h
        .of('statusChanged')
        .slice(before)
        .map((e) => e.status),
    ).toEqual(['offline', 'autoLoggingIn', 'online']);
  });

  it('a close for a ban is a disconnect signal before the banned status', async () => {
    h.sock.close(403, 'forbidden');
    await h.until(() => h.of('statusChanged').some((e) => e.status === 'banned'));
    expect(h.of('riskSignal')).toMatchObject([{ kind: 'disconnect', code: 403, workWxid: ME_ID }]);
  });
});
