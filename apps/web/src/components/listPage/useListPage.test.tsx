import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListScreen } from './ListScreen.tsx';
import { renderAt } from './testFrame.tsx';
import { useListPage } from './useListPage.tsx';
import { useRowSelection } from './useRowSelection.ts';
import type { ListParams } from './useListQuery.ts';

interface Row {
  id: string;
  name: string;
  owner: string | null;
  note: string;
  tags: string[];
  side: number;
  at: number;
}

const rows: Row[] = [
  { id: 'a', name: 'Alpha', owner: null, note: '', tags: ['x', 'y'], side: 1, at: 0 },
  { id: 'b', name: 'Beta', owner: 'Bo', note: 'hi', tags: [], side: 2, at: Date.UTC(2026, 0, 2) },
];

type Fetch = (p: ListParams<'keyword' | 'side'>) => Promise<{ list: Row[]; total: number }>;

function Declared(props: {
  fetch: Fetch;
  remove: (r: Row) => Promise<void>;
  onEdit: (r: Row) => void;
  onAdd: () => void;
  /** The query key: each test its own (the app's query client outlives a test). */
  qkey: string;
}) {
  const page = useListPage({
    key: ['declared-test', props.qkey],
    frame: { title: 'Things', testId: 'things' },
    fetch: props.fetch,
    rowKey: 'id',
    testId: 'things-table',
    filters: [
      { kind: 'search', name: 'keyword', placeholder: 'find', testId: 'find' },
      {
        kind: 'select',
        name: 'side',
        placeholder: 'side',
        options: [{ value: '1', label: 'one' }],
      },
    ],
    toolbar: {
      export: { url: '/x/export', testId: 'things-export' },
      add: { label: 'Add thing', onClick: props.onAdd, testId: 'add-thing' },
    },
    empty: { title: 'No things', hint: 'Add one', offerAdd: true },
    columns: [
      { kind: 'text', title: 'Name', field: 'name', width: 120 },
      { kind: 'text', title: 'Owner', field: 'owner', width: 100, dash: true },
      { kind: 'text', title: 'Note', field: 'note', width: 100, empty: 'nothing' },
      { kind: 'tag', title: 'Tags', field: 'tags', width: 100, color: 'red' },
      {
        kind: 'status',
        title: 'Side',
        field: 'side',
        width: 80,
        states: { 1: { label: 'sent', color: 'blue' }, 2: { label: 'received' } },
      },
      { kind: 'time', title: 'At', field: 'at' },
      {
        kind: 'actions',
        width: 160,
        edit: props.onEdit,
        remove: { target: (r) => r.name, run: props.remove, testId: (r) => `del-${r.id}` },
      },
    ],
  });
  return <ListScreen page={page} />;
}

/** A declared bulk button over ticked rows. */
function WithBulk({ onBulk }: { onBulk: () => void }) {
  const selection = useRowSelection<Row>();
  const page = useListPage({
    key: ['declared-test', 'bulk'],
    fetch: () => Promise.resolve({ list: rows, total: 2 }),
    rowKey: 'id',
    selection,
    toolbar: { bulk: { label: 'ports.renewSelected', onClick: onBulk, testId: 'bulk-go' } },
    columns: [{ kind: 'text', title: 'Name', field: 'name', width: 120 }],
  });
  return <ListScreen page={page} />;
}

/** Secondary actions and the delete behind a row's 「更多」 link. */
function WithMore(props: {
  onTest: (r: Row) => void;
  onRotate: (r: Row) => void;
  remove: () => Promise<void>;
}) {
  const page = useListPage({
    key: ['declared-test', 'more'],
    fetch: () => Promise.resolve({ list: rows, total: 2 }),
    rowKey: 'id',
    columns: [
      { kind: 'text', title: 'Name', field: 'name', width: 120 },
      {
        kind: 'actions',
        width: 160,
        more: (r) => [
          { key: 'test', label: 'Test', testId: 'test', onClick: () => props.onTest(r) },
          {
            key: 'rotate',
            label: 'Rotate',
            testId: 'rotate',
            confirm: { title: 'Rotate now?', okTestId: 'rotate-ok' },
            onClick: () => props.onRotate(r),
          },
        ],
        remove: { target: (r) => r.name, run: props.remove, testId: (r) => `del-${r.id}` },
      },
    ],
  });
  return <ListScreen page={page} />;
}

const cells = (id: string) =>
  within(document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);

// The machine is shared: antd tables render slowly under load.
describe('useListPage + ListScreen', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('loads with the URL filters and draws each column kind', async () => {
    const fetch = vi.fn<Fetch>(() => Promise.resolve({ list: rows, total: 2 }));
    renderAt(
      '/t?keyword=al&side=1',
      <Declared qkey="t1" fetch={fetch} remove={vi.fn()} onEdit={vi.fn()} onAdd={vi.fn()} />,
    );
    await screen.findByText('Alpha');
    expect(fetch).toHaveBeenCalledWith({ keyword: 'al', side: '1', page: 1, pageSize: 20 });
    // text, dash, empty text, tags, status, time ('—' for none), actions
    expect(cells('a').slice(0, 6)).toEqual(['Alpha', '—', 'nothing', 'xy', 'sent', '—']);
    expect(cells('b').slice(0, 6)).toEqual([
      'Beta',
      'Bo',
      'hi',
      '',
      'received',
      '2026-01-02 00:00',
    ]);
    expect(screen.getByTestId('things').textContent).toContain('Things');
    expect(screen.getByTestId('things-export')).toBeTruthy();
  });

  it('writes a search to the URL and loads again with it', async () => {
    const fetch = vi.fn<Fetch>(() => Promise.resolve({ list: rows, total: 2 }));
    const router = renderAt(
      '/t',
      <Declared qkey="t2" fetch={fetch} remove={vi.fn()} onEdit={vi.fn()} onAdd={vi.fn()} />,
    );
    await screen.findByText('Alpha');
    const box = screen.getByTestId('find');
    fireEvent.change(box, { target: { value: 'be' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=be'));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ keyword: 'be', page: 1, pageSize: 20 }),
    );
  });

  it('edits a row, and deletes it after the typed del, then loads the list again', async () => {
    const fetch = vi.fn<Fetch>(() => Promise.resolve({ list: rows, total: 2 }));
    const remove = vi.fn(() => Promise.resolve());
    const onEdit = vi.fn();
    renderAt(
      '/t',
      <Declared qkey="t3" fetch={fetch} remove={remove} onEdit={onEdit} onAdd={vi.fn()} />,
    );
    await screen.findByText('Alpha');
    const rowA = document.querySelector('tr[data-row-key="a"]') as HTMLElement;
    fireEvent.click(within(rowA).getByText('编辑'));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);

    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByTestId('del-a'));
    fireEvent.change(await screen.findByTestId('confirm-word'), { target: { value: 'del' } });
    fireEvent.click(screen.getByTestId('confirm-word-ok'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(rows[0]));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('puts secondary actions and the delete in a row menu; one asks first', async () => {
    const onTest = vi.fn();
    const onRotate = vi.fn();
    const remove = vi.fn(() => Promise.resolve());
    renderAt('/t', <WithMore onTest={onTest} onRotate={onRotate} remove={remove} />);
    await screen.findByText('Beta');
    const rowB = document.querySelector('tr[data-row-key="b"]') as HTMLElement;
    // Only the 「更多」 link is in the row.
    expect(within(rowB).queryByText('Test')).toBeNull();
    const open = () => fireEvent.click(within(rowB).getByTestId('row-more'));

    open();
    fireEvent.click(await screen.findByTestId('test'));
    expect(onTest).toHaveBeenCalledWith(rows[1]);

    open();
    fireEvent.click(await screen.findByTestId('rotate'));
    expect(onRotate).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('rotate-ok'));
    await waitFor(() => expect(onRotate).toHaveBeenCalledWith(rows[1]));

    open();
    fireEvent.click(await screen.findByTestId('del-b'));
    fireEvent.change(await screen.findByTestId('confirm-word'), { target: { value: 'del' } });
    fireEvent.click(screen.getByTestId('confirm-word-ok'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(rows[1]));
  });

  it('offers the toolbar add button in the empty state, without its test id', async () => {
    const onAdd = vi.fn();
    renderAt(
      '/t',
      <Declared
        qkey="t4"
        fetch={() => Promise.resolve({ list: [], total: 0 })}
        remove={vi.fn()}
        onEdit={vi.fn()}
        onAdd={onAdd}
      />,
    );
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('No things');
    fireEvent.click(within(empty).getByRole('button', { name: /Add thing/ }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('add-thing')).toHaveLength(1);
  });

  it('declares a bulk button that counts the ticked rows and waits for one', async () => {
    const onBulk = vi.fn();
    renderAt('/t', <WithBulk onBulk={onBulk} />);
    await screen.findByText('Alpha');
    const go = screen.getByTestId('bulk-go');
    expect(go.textContent).toBe('续费所选（0）');
    expect((go as HTMLButtonElement).disabled).toBe(true);
    const rowA = document.querySelector('tr[data-row-key="a"]') as HTMLElement;
    fireEvent.click(within(rowA).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('bulk-go').textContent).toBe('续费所选（1）'));
    fireEvent.click(screen.getByTestId('bulk-go'));
    expect(onBulk).toHaveBeenCalledTimes(1);
  });
});
