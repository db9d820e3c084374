import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkResultList } from './BulkResult.tsx';
import { renderAt } from './testFrame.tsx';

describe('BulkResultList', () => {
  afterEach(cleanup);

  it('says how many succeeded and failed and names each failed row with its reason', () => {
    renderAt(
      '/',
      <BulkResultList
        outcome={{
          ok: [{ n: 'a' }, { n: 'b' }, { n: 'c' }],
          failed: [
            { row: { n: 'd' }, reason: '账号已封禁' },
            { row: { n: 'e' }, reason: '代理失败' },
          ],
        }}
        labelOf={(r) => r.n}
      />,
    );
    expect(screen.getByTestId('bulk-summary').textContent).toBe('3 项成功，2 项失败');
    const items = screen.getByTestId('bulk-failures').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['d：账号已封禁', 'e：代理失败']);
  });

  it('says all succeeded when nothing failed', () => {
    renderAt('/', <BulkResultList outcome={{ ok: [1, 2], failed: [] }} labelOf={String} />);
    expect(screen.getByTestId('bulk-summary').textContent).toBe('2 项全部成功');
    expect(screen.queryByTestId('bulk-failures')).toBeNull();
  });
});
