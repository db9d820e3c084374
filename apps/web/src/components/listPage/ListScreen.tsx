import type { ReactNode } from 'react';
import { ListPage, type ListPageProps } from './ListPage.tsx';
import { ListTable, type ListTableProps } from './ListTable.tsx';
import type { ListPageState } from './useListPage.tsx';

/** Props of {@link ListScreen}. */
export interface ListScreenProps<K extends string, T extends object> extends Partial<
  Omit<ListPageProps, 'children'>
> {
  /** The declared page, from {@link useListPage}. */
  page: ListPageState<K, T>;
  /** Table props beyond the declaration (`onRow`, `noPaging`, `size`, …). */
  table?: Partial<ListTableProps<T>>;
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}

/**
 * A declared list screen drawn whole: the frame, toolbar and table of a {@link useListPage}
 * declaration; frame props given here (`notice`, `extra`, `actions`) take precedence.
 */
export function ListScreen<K extends string, T extends object>({
  page,
  table,
  children,
  ...frame
}: ListScreenProps<K, T>) {
  return (
    <ListPage {...page.frame} {...frame}>
      <ListTable<T> {...page.table} {...table} />
      {children}
    </ListPage>
  );
}
