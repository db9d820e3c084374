import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Drawer, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';

/** Props of {@link RowsDrawer}: `F` is the drawer's filters (every one optional). */
export interface RowsDrawerProps<Row extends object, F extends object> {
  open: boolean;
  title: string;
  onClose: () => void;
  /** react-query key of the rows; the filters and the page are appended. */
  queryKey: QueryKey;
  fetch: (
    params: F & { page: number; pageSize: number },
  ) => Promise<{ list: Row[]; total: number }>;
  /** The filters (and export) above the table; a changed filter starts again at page 1. */
  toolbar: (filter: F, setFilter: (patch: F) => void) => ReactNode;
  columns: ColumnsType<Row>;
  rowKey: keyof Row | ((row: Row) => string);
  scrollX: number;
  testId: string;
  tableTestId: string;
  /** The filters the drawer opens with (read when it mounts). */
  initialFilter?: F;
}

/**
 * A wide drawer over a list page with the paged rows of one item (a task's sends, a task's
 * targets): filters on top, the table below; closing it forgets the filters and the page.
 */
export function RowsDrawer<Row extends object, F extends object>(props: RowsDrawerProps<Row, F>) {
  const { open, title, onClose, queryKey, fetch, toolbar, columns, rowKey, scrollX } = props;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filter, setFilter] = useState<F>(props.initialFilter ?? ({} as F));
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, { page, pageSize, ...filter }],
    queryFn: () => fetch({ ...filter, page, pageSize }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setPage(1);
    setFilter({} as F);
    onClose();
  };
  const changeFilter = (patch: F) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <Drawer
      open={open}
      onClose={close}
      size="min(1000px, calc(100vw - 24px))"
      title={title}
      destroyOnHidden
      data-testid={props.testId}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar(filter, changeFilter)}
      </Space>
      <Table<Row>
        data-testid={props.tableTestId}
        rowKey={rowKey as string | ((row: Row) => string)}
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: scrollX }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={columns}
      />
    </Drawer>
  );
}
