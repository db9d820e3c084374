import { describe, expect, it } from 'vitest';
import { addUserBody, loginBody, requiredString, roleBody, validationMessages } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { zodRule } from './zodRule.ts';

const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('zodRule', () => {
  const t = i18n.getFixedT('zh-CN');

  it('shows the SPEC §5 messages word for word', async () => {
    expect(await check(zodRule(loginBody.shape.username, t), undefined)).toBe('账号不能为空');
    expect(await check(zodRule(loginBody.shape.username, t), '   ')).toBe('账号不能为空');
    expect(await check(zodRule(loginBody.shape.password, t), '')).toBe('密码不能为空');
    expect(await check(zodRule(addUserBody.shape.nickname, t), '')).toBe('姓名不能为空');
    expect(await check(zodRule(requiredString('positionRequired'), t), undefined)).toBe(
      '请选择职位',
    );
    expect(await check(zodRule(roleBody.shape.roleName, t), '')).toBe('角色名称不能为空');
    expect(await check(zodRule(roleBody.shape.permissions, t), [])).toBe('请至少选择一个权限');
    expect(await check(zodRule(loginBody.shape.username, t), 'demo')).toBeNull();
  });

  it('uses the same texts as the shared table in English', async () => {
    const en = i18n.getFixedT('en');
    expect(await check(zodRule(requiredString('superiorRequired'), en), '')).toBe(
      validationMessages.superiorRequired.en,
    );
  });

  it('names the field for limits without a message key', async () => {
    const long = 'x'.repeat(40);
    expect(await check(zodRule(addUserBody.shape.seatPrefix, t, '坐席前缀'), long)).toBe(
      '坐席前缀 长度不能超过 16',
    );
  });
});
