import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from './testFrame.tsx';
import { useListQuery } from './useListQuery.ts';

function Probe({ prefix }: { prefix?: string }) {
  const q = useListQuery(['keyword', 'status'], { pageSize: 20, prefix });
  return (
    <div>
      <output data-testid="state">{JSON.stringify(q.params)}</output>
      <button onClick={() => q.setFilters({ keyword: ' 张三 ' })}>filter</button>
      <button onClick={() => q.setFilters({ keyword: '' })}>clear</button>
      <button onClick={() => q.setPage(3, 50)}>page</button>
      <button onClick={() => q.setSort({ field: 'createdAt', order: 'descend' })}>sort</button>
      <button onClick={q.reset}>reset</button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as object;
const click = (name: string) => fireEvent.click(screen.getByText(name));

describe('useListQuery', () => {
  afterEach(cleanup);

  it('reads page, size, filters and sort from the URL, ignoring unknown keys', () => {
    renderAt(
      '/x?keyword=ab&status=enabled&page=2&pageSize=50&sort=name&order=desc&tab=1',
      <Probe />,
    );
    expect(state()).toEqual({
      page: 2,
      pageSize: 50,
      keyword: 'ab',
      status: 'enabled',
      sortField: 'name',
      sortOrder: 'desc',
    });
  });

  it('falls back to page 1 and the default size on hostile values', () => {
    renderAt('/x?page=-3&pageSize=abc', <Probe />);
    expect(state()).toEqual({ page: 1, pageSize: 20 });
  });

  it('writes filters trimmed, resets the page, and the back button restores the old view', async () => {
    const router = renderAt('/x?page=4', <Probe />);
    click('filter');
    expect(router.state.location.search).toBe('?keyword=%E5%BC%A0%E4%B8%89');
    expect(state()).toEqual({ page: 1, pageSize: 20, keyword: '张三' });
    click('page');
    expect(state()).toEqual({ page: 3, pageSize: 50, keyword: '张三' });
    await act(() => router.navigate(-1));
    expect(state()).toEqual({ page: 1, pageSize: 20, keyword: '张三' });
    await act(() => router.navigate(-1));
    expect(state()).toEqual({ page: 4, pageSize: 20 });
  });

  it('removes a cleared filter, sorts, and resets everything but other keys', () => {
    const router = renderAt('/x?keyword=a&tab=positions', <Probe />);
    click('clear');
    expect(router.state.location.search).toBe('?tab=positions');
    click('sort');
    expect(state()).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
    click('filter');
    click('reset');
    expect(router.state.location.search).toBe('?tab=positions');
  });

  it('keeps a second list apart under a prefix', () => {
    const router = renderAt('/x?keyword=outer&r.keyword=inner', <Probe prefix="r" />);
    expect(state()).toEqual({ page: 1, pageSize: 20, keyword: 'inner' });
    click('page');
    expect(router.state.location.search).toContain('r.page=3');
    expect(router.state.location.search).toContain('keyword=outer');
  });
});
