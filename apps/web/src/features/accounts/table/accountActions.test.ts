import { describe, expect, it } from 'vitest';
import { actionAllowed, deleteByStateAllowed } from './accountActions.ts';

const rows = (...statuses: string[]) => statuses.map((s) => ({ status: s as never }));

describe('actionAllowed (SPEC §5)', () => {
  it('logout only for logging-in accounts', () => {
    expect(actionAllowed('logout', rows('loggingIn'))).toBe(true);
    expect(actionAllowed('logout', rows('loggingIn', 'online'))).toBe(false);
  });
  it('multi-login only for offline, proxy-failed or relogin states', () => {
    expect(actionAllowed('multiLogin', rows('offline', 'proxyFailed', 'kickedOut'))).toBe(true);
    expect(actionAllowed('multiLogin', rows('online'))).toBe(false);
    expect(actionAllowed('multiLogin', rows('banned'))).toBe(false);
  });
  it('batch edit only for logged-in accounts', () => {
    expect(actionAllowed('batchEdit', rows('online', 'online'))).toBe(true);
    expect(actionAllowed('batchEdit', rows('online', 'offline'))).toBe(false);
  });
  it('needs a selection; remark and QR relogin take exactly one account', () => {
    expect(actionAllowed('distribute', [])).toBe(false);
    expect(actionAllowed('distribute', rows('banned'))).toBe(true);
    expect(actionAllowed('remark', rows('online', 'online'))).toBe(false);
    expect(actionAllowed('relogin', rows('offline'))).toBe(true);
    expect(actionAllowed('relogin', rows('online'))).toBe(false);
  });
});

describe('deleteByStateAllowed', () => {
  it('on a selection: every account must be in the state', () => {
    expect(deleteByStateAllowed('deleteBanned', rows('banned'), {})).toBe(true);
    expect(deleteByStateAllowed('deleteBanned', rows('banned', 'online'), {})).toBe(false);
    expect(deleteByStateAllowed('deleteNonOnline', rows('offline', 'banned'), {})).toBe(true);
  });
  it('without a selection: when the list has such accounts', () => {
    expect(deleteByStateAllowed('deleteBanned', [], { banned: 0, online: 3 })).toBe(false);
    expect(deleteByStateAllowed('deleteBanned', [], { banned: 2 })).toBe(true);
    expect(deleteByStateAllowed('deleteNonOnline', [], { online: 3 })).toBe(false);
    expect(deleteByStateAllowed('deleteNonOnline', [], { online: 3, kickedOut: 1 })).toBe(true);
  });
});
