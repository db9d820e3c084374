import { describe, expect, it } from 'vitest';
import { addUserBody, portState, PORT_DUE_SOON_DAYS, PORT_RENEW_DAYS } from './users.ts';

const DAY = 86400_000;

describe('portState', () => {
  const now = Date.UTC(2026, 0, 1);
  it('derives the state from the time left', () => {
    expect(portState(now - 1, now)).toBe('expired');
    expect(portState(now, now)).toBe('expired');
    expect(portState(now + 1, now)).toBe('dueSoon');
    expect(portState(now + PORT_DUE_SOON_DAYS * DAY, now)).toBe('dueSoon');
    expect(portState(now + PORT_DUE_SOON_DAYS * DAY + 1, now)).toBe('toBeRenewed');
    expect(portState(now + PORT_RENEW_DAYS * DAY, now)).toBe('toBeRenewed');
    expect(portState(now + PORT_RENEW_DAYS * DAY + 1, now)).toBe('inUse');
    expect(portState(now + 365 * DAY, now)).toBe('inUse');
  });
});

describe('addUserBody', () => {
  const good = { username: 'seat.one', password: 'secret1', nickname: '坐席', role: 'office' };
  it('reports the required-field keys of SPEC.md §5', () => {
    const issue = (body: Record<string, unknown>) =>
      addUserBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...good, username: undefined })).toBe('accountRequired');
    expect(issue({ ...good, password: '' })).toBe('passwordRequired');
    expect(issue({ ...good, nickname: '' })).toBe('nameRequired');
    expect(issue({ ...good, role: 'boss' })).toBe('roleRequired');
    expect(addUserBody.safeParse(good).success).toBe(true);
  });
  it('keeps type and length issues apart from "required"', () => {
    const first = (body: Record<string, unknown>) => addUserBody.safeParse(body).error?.issues[0];
    expect(first({ ...good, nickname: 5 })?.code).toBe('invalid_type');
    expect(first({ ...good, nickname: 5 })?.message).not.toBe('nameRequired');
    expect(first({ ...good, nickname: 'x'.repeat(33) })?.code).toBe('too_big');
    expect(first({ ...good, nickname: null })?.message).toBe('nameRequired');
  });
});
