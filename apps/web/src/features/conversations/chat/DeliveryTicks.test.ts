import { describe, expect, it } from 'vitest';
import { failureTitle } from './DeliveryTicks.tsx';

const t = (_key: string, o?: Record<string, string>) => `发送失败：${o?.reason ?? ''}`;

describe('the failed mark’s tooltip', () => {
  it('says "failed" once, with the reason after it', () => {
    expect(failureTitle('', '发送失败', t)).toBe('发送失败');
    expect(failureTitle(null, '发送失败', t)).toBe('发送失败');
    expect(failureTitle('发送失败', '发送失败', t)).toBe('发送失败');
    expect(failureTitle('发送失败：工作号离线', '发送失败', t)).toBe('发送失败：工作号离线');
    expect(failureTitle('对方已拒收', '发送失败', t)).toBe('发送失败：对方已拒收');
  });
});
