import { Flex } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { CutText } from './CutText.tsx';

/** A column showing epoch milliseconds as a local date-time ('—' when empty). */
export function timeColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  options: { seconds?: boolean; width?: number; sortable?: boolean } = {},
): ColumnType<T> {
  const format = options.seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm';
  return {
    title,
    dataIndex,
    key: dataIndex,
    width: options.width ?? (options.seconds ? 180 : 160),
    sorter: options.sortable,
    render: (v: number | null | undefined) => (v ? dayjs(v).format(format) : '—'),
  };
}

/** The row actions, fixed on the right edge; the table scrolls under it, never under a cell. */
export function actionsColumn<T>(
  title: string,
  width: number,
  render: (row: T) => ReactNode,
): ColumnType<T> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    width,
    render: (_: unknown, row: T) => (
      <Flex gap={0} wrap align="center">
        {render(row)}
      </Flex>
    ),
  };
}

/**
 * The `ellipsis` and `render` of a column whose text may be too long for it: one line, cut with
 * 「…」, the whole text in a tooltip (spread into the column: `{ title, width, ...cutColumn(f) }`).
 */
export function cutColumn<T>(
  text: (row: T) => string | null | undefined,
): Pick<ColumnType<T>, 'ellipsis' | 'render'> {
  return {
    ellipsis: { showTitle: false },
    render: (_: unknown, row: T) => <CutText text={text(row)} />,
  };
}
