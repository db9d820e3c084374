import { describe, expect, it } from 'vitest';
import { parseBatch } from './parseBatch.ts';

describe('parseBatch', () => {
  it('reads comma, full-width comma and tab separated lines and skips blank ones', () => {
    expect(parseBatch('A公司, a1 ,pw123456,张三\n\n B，b1，pw654321，李四 \nC\tc1\tpw\tX')).toEqual(
      [
        { tenantName: 'A公司', username: 'a1', password: 'pw123456', nickname: '张三' },
        { tenantName: 'B', username: 'b1', password: 'pw654321', nickname: '李四' },
        { tenantName: 'C', username: 'c1', password: 'pw', nickname: 'X' },
      ],
    );
  });

  it('keeps short lines so the server reports what is missing', () => {
    expect(parseBatch('OnlyCompany')).toEqual([
      { tenantName: 'OnlyCompany', username: '', password: '', nickname: '' },
    ]);
  });
});
