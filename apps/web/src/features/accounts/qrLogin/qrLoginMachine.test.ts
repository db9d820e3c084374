import { describe, expect, it } from 'vitest';
import { QR_INITIAL, qrReducer, type QrEvent, type QrView } from './qrLoginMachine.ts';

const issued = (loginId = 'L1', expiresAt = 1000): QrView =>
  qrReducer(QR_INITIAL, { type: 'issued', result: { loginId, qrImage: 'data:q', expiresAt } });
const run = (v: QrView, ...events: QrEvent[]) => events.reduce(qrReducer, v);

describe('qrReducer', () => {
  it('issued → scanned → confirmed with the new wxid', () => {
    const v = run(
      issued(),
      { type: 'scanned', loginId: 'L1' },
      { type: 'succeeded', loginId: 'L1', wxid: 'wxid_1' },
    );
    expect(v).toMatchObject({ phase: 'confirmed', wxid: 'wxid_1', qrImage: 'data:q' });
  });

  it('failed with the message of the push; an expiry push ends as expired', () => {
    expect(run(issued(), { type: 'failed', loginId: 'L1', message: 'no' })).toMatchObject({
      phase: 'failed',
      message: 'no',
    });
    expect(
      run(issued(), { type: 'failed', loginId: 'L1', message: 'gone', reason: 'expired' }).phase,
    ).toBe('expired');
  });

  it('expires by the clock while waiting, not after an ending', () => {
    expect(run(issued('L1', 1000), { type: 'tick', now: 999 }).phase).toBe('issued');
    expect(run(issued('L1', 1000), { type: 'tick', now: 1000 }).phase).toBe('expired');
    const done = run(issued(), { type: 'succeeded', loginId: 'L1', wxid: 'w' });
    expect(run(done, { type: 'tick', now: 5000 }).phase).toBe('confirmed');
  });

  it('replaces the image and expiry when the code rotates, keeping a scan', () => {
    const rotated = {
      type: 'rotated',
      loginId: 'L1',
      qrImage: 'data:q2',
      expiresAt: 3000,
    } as const;
    expect(run(issued('L1', 1000), rotated)).toMatchObject({
      phase: 'issued',
      qrImage: 'data:q2',
      expiresAt: 3000,
    });
    expect(run(issued(), { type: 'scanned', loginId: 'L1' }, rotated).phase).toBe('scanned');
    expect(run(issued(), { ...rotated, loginId: 'L2' }).qrImage).toBe('data:q');
    const done = run(issued(), { type: 'succeeded', loginId: 'L1', wxid: 'w' });
    expect(run(done, rotated).qrImage).toBe('data:q');
  });

  it('ignores pushes of another login and late pushes after an ending', () => {
    expect(run(issued(), { type: 'scanned', loginId: 'L2' }).phase).toBe('issued');
    const failed = run(issued(), { type: 'failed', loginId: 'L1', message: 'x' });
    expect(run(failed, { type: 'succeeded', loginId: 'L1', wxid: 'w' }).phase).toBe('failed');
  });

  it('catches up from a status re-check after a dropped link', () => {
    const state = {
      loginId: 'L1',
      status: 'confirmed' as const,
      wxid: 'wxid_9',
      message: '',
      expiresAt: 1000,
      qrImage: '',
      createdAt: 0,
    };
    expect(run(issued(), { type: 'status', state })).toMatchObject({
      phase: 'confirmed',
      wxid: 'wxid_9',
    });
    expect(run(issued('L2'), { type: 'status', state }).phase).toBe('issued');
  });

  it('a failed request shows its message', () => {
    expect(run(QR_INITIAL, { type: 'requestFailed', message: '没有可用的端口' })).toMatchObject({
      phase: 'failed',
      message: '没有可用的端口',
    });
  });
});

describe('pairing-code logins', () => {
  it('keeps the code of an issued pairing login, and clears it for the next request', () => {
    const issued = qrReducer(QR_INITIAL, {
      type: 'issued',
      result: { loginId: 'pair-1', qrImage: '', expiresAt: 1000, code: 'ABCD2345' },
    });
    expect(issued).toMatchObject({ phase: 'issued', code: 'ABCD2345', qrImage: '' });
    const scanned = qrReducer(issued, { type: 'scanned', loginId: 'pair-1' });
    expect(scanned).toMatchObject({ phase: 'scanned', code: 'ABCD2345' });
    expect(qrReducer(scanned, { type: 'request' }).code).toBe('');
  });
});
