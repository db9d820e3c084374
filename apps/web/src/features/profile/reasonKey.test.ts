import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { reasonKey } from './LoginRecordsTable.tsx';

describe('login record reasons', () => {
  it('are translated when known and shown as written otherwise', () => {
    const t = i18n.getFixedT('zh-CN');
    const show = (r: string) => t(`profile.reasons.${reasonKey(r)}`, { defaultValue: r });
    expect(reasonKey('wrong two-step password')).toBe('wrongTwoStepPassword');
    expect(show('login')).toBe('登录成功');
    expect(show('wrong credentials')).toBe('账号或密码错误');
    expect(show('something new')).toBe('something new');
  });
});
