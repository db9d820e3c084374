import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumns, type ColumnSpec } from './columnSpec.tsx';
import { BulkBar } from './BulkBar.tsx';
import { AddButton, closeThenRefresh } from './buttons.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ExportButton } from './ExportButton.tsx';
import { FilterBar, filterNames, type FilterSpec } from './filterSpec.tsx';
import type { ListPageProps } from './ListPage.tsx';
import type { ListTableProps } from './ListTable.tsx';
import { useListData } from './useListData.ts';
import { useListQuery, type ListParams, type ListQuery } from './useListQuery.ts';
import type { RowSelection } from './useRowSelection.ts';

/** What an empty list (no filter set) says: text keys, and the button that helps. */
export interface EmptySpec {
  title: string;
  hint?: string;
  action?: ReactNode;
  /** Offer the toolbar's add button here too (without its test id). */
  offerAdd?: boolean;
  testId?: string;
}

/** A toolbar button acting on the ticked rows. */
export interface BulkButtonSpec {
  label: string;
  onClick: () => void;
  testId?: string;
}

const isBulkButton = (v: unknown): v is BulkButtonSpec =>
  typeof v === 'object' && v !== null && 'label' in v && 'onClick' in v;

/** The toolbar's right side, in this order: bulk actions, export, the page's own buttons. */
export interface ToolbarSpec<K extends string> {
  /**
   * Buttons acting on the ticked rows (in a `BulkBar` of the spec's `selection`): any nodes, or one
   * button declared by its text key (given `{count}` of ticked rows), disabled while none is ticked.
   */
  bulk?: ReactNode | BulkButtonSpec;
  /** An xlsx export of the current filters; `params` adjusts what is sent. */
  export?: {
    url: string;
    testId?: string;
    disabled?: boolean;
    params?: (params: ListParams<K>) => Record<string, string | number | undefined>;
  };
  /** The page's own buttons, after the export. */
  actions?: ReactNode;
  /** The primary "add …" button, last (`label` is a text key). */
  add?: { label: string; onClick: () => void; testId?: string; disabled?: boolean };
}

/** The declaration of a list screen, for {@link useListPage}. */
export interface ListPageSpec<K extends string, T extends object> {
  /** The list's react-query key (invalidate it after a change); the params are appended. */
  key: readonly unknown[];
  /** What `refresh()` invalidates when wider than `key` (e.g. every user list). */
  refreshKey?: readonly unknown[];
  /** The frame: `title` (text key), `testId`, `bare` (inside a tab), for `<ListPage {...page.frame}>`. */
  frame?: { title?: string; testId?: string; bare?: boolean };
  /** The toolbar's filters; their names are the URL filter keys. */
  filters?: readonly FilterSpec<K>[];
  /** The toolbar's right side (`page.frame.actions`). */
  toolbar?: ToolbarSpec<K>;
  /** Loads a page for the URL's params. */
  fetch: (params: ListParams<K>) => Promise<{ list: T[]; total: number }>;
  rowKey: ListTableProps<T>['rowKey'];
  /** The columns ({@link ColumnSpec}s or plain antd columns). */
  columns: readonly ColumnSpec<T>[];
  /** The empty list's text keys, or an element of its own. */
  empty?: EmptySpec | ReactNode;
  /** Ticked rows ({@link useRowSelection}), when the list has bulk actions. */
  selection?: RowSelection<T>;
  /** Rows per page when the URL names none (default 20). */
  pageSize?: number;
  /** Prefix of the URL keys, for a second list on one screen. */
  prefix?: string;
  testId?: string;
}

/** What {@link useListPage} gives the screen. */
export interface ListPageState<K extends string, T extends object> {
  /** The URL state (page, filters, sort). */
  query: ListQuery<K>;
  /** The current page from the server (undefined while the first one loads). */
  data: { list: T[]; total: number } | undefined;
  loading: boolean;
  refetch: () => Promise<unknown>;
  /** Invalidates the list (`refreshKey`, else `key`): every page of it loads again. */
  refresh: () => Promise<void>;
  /**
   * A dialog's `onClose`: closes it (`close(null)`) and, after a save, refreshes the list (or
   * runs `refresh` when more than the list changed).
   */
  afterSave: <V>(
    close: (value: V | null) => void,
    refresh?: () => unknown,
  ) => (saved: boolean) => void;
  /** The frame's props with the filters: `<ListPage {...page.frame} actions={…}>`. */
  frame: Pick<ListPageProps, 'title' | 'testId' | 'bare' | 'filters' | 'actions'>;
  /** The toolbar filters drawn from the specs: `<ListPage filters={page.filterBar}>`. */
  filterBar: ReactNode;
  /** Every prop of the table: `<ListTable {...page.table} />`. */
  table: ListTableProps<T>;
}

/** The toolbar's right side from its spec (undefined when it has nothing). */
function toolbarOf<K extends string, T extends object>(
  spec: ToolbarSpec<K> | undefined,
  params: ListParams<K>,
  selection: RowSelection<T> | undefined,
): ReactNode {
  if (!spec || (!spec.bulk && !spec.export && !spec.actions && !spec.add)) return undefined;
  const ex = spec.export;
  return (
    <>
      {spec.bulk && selection && (
        <BulkBar selection={selection}>
          {isBulkButton(spec.bulk) ? (
            <BulkButton spec={spec.bulk} count={selection.keys.length} />
          ) : (
            spec.bulk
          )}
        </BulkBar>
      )}
      {ex && (
        <ExportButton
          url={ex.url}
          params={ex.params ? ex.params(params) : params}
          testId={ex.testId}
          disabled={ex.disabled}
        />
      )}
      {spec.actions}
      {spec.add && <AddFromSpec add={spec.add} withTestId />}
    </>
  );
}

/** A declared bulk button: its text counts the ticked rows. */
function BulkButton({ spec, count }: { spec: BulkButtonSpec; count: number }) {
  const { t } = useTranslation();
  return (
    <Button disabled={count === 0} onClick={spec.onClick} data-testid={spec.testId}>
      {t(spec.label, { count })}
    </Button>
  );
}

/** The add button of a toolbar spec. */
function AddFromSpec({
  add,
  withTestId,
}: {
  add: NonNullable<ToolbarSpec<string>['add']>;
  withTestId?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AddButton
      onClick={add.onClick}
      disabled={add.disabled}
      testId={withTestId ? add.testId : undefined}
    >
      {t(add.label)}
    </AddButton>
  );
}

const isEmptySpec = (v: unknown): v is EmptySpec =>
  typeof v === 'object' && v !== null && 'title' in v && typeof v.title === 'string';

/**
 * A list screen in one call: URL state ({@link useListQuery}), the server's page
 * ({@link useListData}), the toolbar filters and every table prop from one declaration.
 */
export function useListPage<const K extends string, T extends object>(
  spec: ListPageSpec<K, T>,
): ListPageState<K, T> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const specs = spec.filters ?? [];
  const query = useListQuery(filterNames(specs), { pageSize: spec.pageSize, prefix: spec.prefix });
  const { data, isFetching, refetch } = useListData(spec.key, query.params, spec.fetch);
  const refresh = () => queryClient.invalidateQueries({ queryKey: spec.refreshKey ?? spec.key });
  // A row deleted from the actions column refreshes the list unless the page says otherwise.
  const columns = useColumns(
    spec.columns.map((c) =>
      c.kind === 'actions' && c.remove && !c.remove.then
        ? { ...c, remove: { ...c.remove, then: refresh } }
        : c,
    ),
  );
  const { empty, frame } = spec;
  const filterBar = specs.length > 0 ? <FilterBar specs={specs} query={query} /> : undefined;
  return {
    query,
    data,
    loading: isFetching,
    refetch,
    refresh,
    afterSave: (close, also) => closeThenRefresh(close, also ?? refresh),
    frame: {
      title: frame?.title && t(frame.title),
      testId: frame?.testId,
      bare: frame?.bare,
      filters: filterBar,
      actions: toolbarOf(spec.toolbar, query.params, spec.selection),
    },
    filterBar,
    table: {
      query,
      data,
      loading: isFetching,
      rowKey: spec.rowKey,
      columns,
      selection: spec.selection,
      testId: spec.testId,
      empty: isEmptySpec(empty) ? (
        <EmptyState
          title={t(empty.title)}
          hint={empty.hint && t(empty.hint)}
          action={
            empty.offerAdd && spec.toolbar?.add ? (
              <AddFromSpec add={spec.toolbar.add} />
            ) : (
              empty.action
            )
          }
          testId={empty.testId}
        />
      ) : (
        empty
      ),
    },
  };
}
