import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkBar } from './BulkBar.tsx';
import { EmptyState } from './EmptyState.tsx';
import { SearchFilter } from './Filters.tsx';
import { columnsWidth, ListTable } from './ListTable.tsx';
import { renderAt } from './testFrame.tsx';
import { useListQuery } from './useListQuery.ts';
import { useRowSelection } from './useRowSelection.ts';

interface Row {
  id: string;
  name: string;
}
const all: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `name ${i + 1}`,
}));

function People() {
  const q = useListQuery(['keyword']);
  const sel = useRowSelection<Row>();
  const hits = all.filter((r) => !q.filters.keyword || r.name.includes(q.filters.keyword));
  const start = (q.page - 1) * q.pageSize;
  return (
    <>
      <SearchFilter query={q} name="keyword" placeholder="find" testId="find" />
      <BulkBar selection={sel}>
        <output data-testid="picked">{sel.rows.map((r) => r.id).join(',')}</output>
      </BulkBar>
      <ListTable<Row>
        query={q}
        rowKey="id"
        selection={sel}
        data={{ list: hits.slice(start, start + q.pageSize), total: hits.length }}
        empty={<EmptyState title="No people yet" hint="Add one" />}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name', width: 300, sorter: true },
          { title: 'Id', dataIndex: 'id', width: 200 },
          { title: 'Actions', key: 'actions', fixed: 'right', width: 120 },
        ]}
        testId="people"
      />
    </>
  );
}

const rowsShown = () =>
  within(screen.getByTestId('people'))
    .getAllByRole('row')
    .filter((r) => r.getAttribute('data-row-key'))
    .map((r) => r.getAttribute('data-row-key'));

describe('ListTable', () => {
  afterEach(cleanup);

  it('shows the page named by the URL and writes a page change to it', () => {
    const router = renderAt('/p?page=2', <People />);
    expect(rowsShown()).toEqual(all.slice(20, 40).map((r) => r.id));
    fireEvent.click(screen.getByTitle('3'));
    expect(router.state.location.search).toBe('?page=3');
    expect(rowsShown()).toEqual(['r41', 'r42', 'r43', 'r44', 'r45']);
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('writes a column sort to the URL', () => {
    const router = renderAt('/p', <People />);
    fireEvent.click(screen.getAllByText('Name')[0]!);
    expect(router.state.location.search).toBe('?sort=name&order=asc');
  });

  it('keeps ticked rows across pages and clears them', () => {
    renderAt('/p', <People />);
    fireEvent.click(within(screen.getByTestId('people')).getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(within(screen.getByTestId('people')).getAllByRole('checkbox')[1]!);
    expect(screen.getByTestId('picked').textContent).toBe('r1,r21');
    expect(screen.getByTestId('selected-count').textContent).toBe('已选 2 项');
    fireEvent.click(screen.getByTestId('clear-selection'));
    expect(screen.getByTestId('picked').textContent).toBe('');
  });

  it('says what to do on an empty list, and offers to clear filters when they hide everything', () => {
    const router = renderAt('/p?keyword=nobody', <People />);
    expect(screen.getByText('没有符合筛选条件的数据')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-reset-filters'));
    expect(router.state.location.search).toBe('');
    expect(rowsShown()).toHaveLength(20);
    expect((screen.getByTestId('find') as HTMLInputElement).value ?? '').toBe('');
  });

  it('shows the page empty state when no filter is set', () => {
    renderAt('/p', <EmptyOnly />);
    expect(screen.getByText('No people yet')).toBeTruthy();
    expect(screen.getByText('Add one')).toBeTruthy();
  });

  it('scrolls sideways at the width the columns need, with the selection column', () => {
    expect(columnsWidth([{ width: 300 }, { width: '120px' }, {}], false)).toBe(580);
    expect(columnsWidth([{ width: 300 }], true)).toBe(348);
  });
});

function EmptyOnly() {
  const q = useListQuery([]);
  return (
    <ListTable<Row>
      query={q}
      rowKey="id"
      data={{ list: [], total: 0 }}
      empty={<EmptyState title="No people yet" hint="Add one" />}
      columns={[{ title: 'Name', dataIndex: 'name' }]}
    />
  );
}
