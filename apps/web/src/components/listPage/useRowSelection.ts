import type { TableRowSelection } from 'antd/es/table/interface';
import { useCallback, useMemo, useState } from 'react';

/** The rows ticked in a list, kept across pages, and the props that bind them to the table. */
export interface RowSelection<T> {
  keys: string[];
  rows: T[];
  /** Unticks everything (after a bulk action, or by the user). */
  clear: () => void;
  /** Pass to {@link ListTable}'s `selection`. */
  tableProps: TableRowSelection<T>;
}

/**
 * Row selection for a list: the ticked keys and rows (kept when the page changes, so a bulk
 * action may cover several pages). `disabled` greys out rows that cannot be picked.
 */
export function useRowSelection<T>(
  options: { disabled?: (row: T) => boolean } = {},
): RowSelection<T> {
  const [state, setState] = useState<{ keys: string[]; rows: T[] }>({ keys: [], rows: [] });
  const clear = useCallback(() => setState({ keys: [], rows: [] }), []);
  const { disabled } = options;
  const tableProps = useMemo<TableRowSelection<T>>(
    () => ({
      selectedRowKeys: state.keys,
      preserveSelectedRowKeys: true,
      onChange: (keys, rows) =>
        setState({ keys: keys.map(String), rows: rows.filter((r): r is T => r !== undefined) }),
      getCheckboxProps: disabled ? (row: T) => ({ disabled: disabled(row) }) : undefined,
    }),
    [state.keys, disabled],
  );
  return { keys: state.keys, rows: state.rows, clear, tableProps };
}
