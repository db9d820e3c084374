import { Button, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';
import type { ListQuery } from './useListQuery.ts';
import type { RowSelection } from './useRowSelection.ts';
import './listPage.css';

/** What the table reads from and writes to the URL state of {@link useListQuery}. */
export type ListTableQuery = Pick<
  ListQuery,
  'page' | 'pageSize' | 'sort' | 'setPage' | 'setSort' | 'reset'
> & {
  filters: Readonly<Record<string, string | undefined>>;
};

/** Props of {@link ListTable}. */
export interface ListTableProps<T extends object> {
  /** The URL state the table reads its page and sort from and writes them to. */
  query: ListTableQuery;
  columns: ColumnsType<T>;
  rowKey: (keyof T & string) | ((row: T) => Key);
  /** The server's page: rows and the total across pages. Undefined while the first page loads. */
  data: { list: T[]; total: number } | undefined;
  /** A request is under way (the rows stay, dimmed, until the next page arrives). */
  loading?: boolean;
  /** Ticked rows, from {@link useRowSelection}. */
  selection?: RowSelection<T>;
  /** What the empty list says when no filter is set (an {@link EmptyState}). */
  empty?: ReactNode;
  pageSizeOptions?: number[];
  /** The whole list in one page (short lists such as positions): no pager. */
  noPaging?: boolean;
  testId?: string;
  /** Row behaviour passed to antd (clicks, classes). */
  onRow?: TableProps<T>['onRow'];
  rowClassName?: TableProps<T>['rowClassName'];
  size?: TableProps<T>['size'];
}

/** Width a column without its own width is given when the scroll width is worked out. */
const DEFAULT_COLUMN_WIDTH = 160;
const SELECTION_WIDTH = 48;

/** The width the columns need: the table scrolls sideways below it instead of squeezing them. */
export function columnsWidth(columns: ColumnsType<object>, selectable: boolean): number {
  let sum = selectable ? SELECTION_WIDTH : 0;
  for (const c of columns) {
    const w = typeof c.width === 'number' ? c.width : Number.parseInt(String(c.width ?? ''), 10);
    sum += Number.isFinite(w) && w > 0 ? w : DEFAULT_COLUMN_WIDTH;
  }
  return sum;
}

/**
 * The table of a list screen: page and sort from the URL, a horizontal scrollbar when the
 * columns are wider than the screen (kept in view at the window's bottom while the table is),
 * a fixed action column that never covers a cell, row selection, loading and empty states.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { t } = useTranslation();
  const { query, columns, data, selection } = props;
  const filtered = Object.values(query.filters).some(Boolean);
  const sortedColumns = columns.map((c) =>
    c.sorter && 'key' in c && c.key !== undefined
      ? {
          ...c,
          sortOrder: query.sort?.field === String(c.key) ? query.sort.order : null,
        }
      : c,
  );
  const handleChange: TableProps<T>['onChange'] = (pagination, _f, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      query.setSort(
        s?.order && s.columnKey !== undefined
          ? { field: String(s.columnKey), order: s.order }
          : undefined,
      );
    } else if (extra.action === 'paginate') {
      query.setPage(pagination.current ?? 1, pagination.pageSize);
    }
  };
  const emptyText = filtered ? (
    <EmptyState
      title={t('listPage.emptyFiltered')}
      hint={t('listPage.emptyFilteredHint')}
      action={
        <Button onClick={query.reset} data-testid="list-reset-filters">
          {t('listPage.resetFilters')}
        </Button>
      }
    />
  ) : (
    props.empty
  );

  return (
    <Table<T>
      className="list-table"
      rowKey={props.rowKey}
      size={props.size}
      // Sticky header and a sticky horizontal scrollbar: wide tables scroll at any window height.
      sticky
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns as ColumnsType<object>, Boolean(selection)) }}
      loading={Boolean(props.loading)}
      dataSource={data?.list ?? []}
      columns={sortedColumns}
      rowSelection={selection?.tableProps}
      locale={emptyText ? { emptyText } : undefined}
      onChange={handleChange}
      onRow={props.onRow}
      rowClassName={props.rowClassName}
      pagination={
        props.noPaging
          ? false
          : {
              current: query.page,
              pageSize: query.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: props.pageSizeOptions ?? [10, 20, 50, 100],
              showTotal: (total) => t('common.total', { total }),
            }
      }
      data-testid={props.testId}
    />
  );
}
