import { App, Flex, Tag, Typography } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowButton, RowMore, type RowMoreItem } from './buttons.tsx';
import { actionsColumn, timeColumn } from './columns.tsx';
import { DeleteButton, DeleteConfirm } from './ConfirmWordModal.tsx';

/** A field of the row type. */
type Field<T> = keyof T & string;

interface ColumnBase {
  /** Text key of the header ('' for none). */
  title: string;
  width?: number;
  /** One line, cut with 「…」; the whole value shows in a tooltip (text columns). */
  ellipsis?: boolean;
  /** Sortable on the server by this column's key (the field, or `key`). */
  sortable?: boolean;
}

/** A state of a `status` column: its text key and tag colour. */
export interface StatusLook {
  label: string;
  color?: string;
}

/**
 * One column of a list table, declared by kind (text keys for titles and labels):
 * - `text`: a field as it is, or `format(row)`; `empty` (text key, shown dimmed) or `dash` for none;
 * - `time`: epoch milliseconds as a local date-time (`seconds` for a longer format);
 * - `tag`: a field as a tag (a list as several), `label(value, row)` for its text;
 * - `status`: a field's value looked up in `states` (text key + colour), `otherwise` for the rest;
 *   `plain` shows the text without a tag;
 * - `render`: anything (`render(row)`), with a `key`;
 * - `actions`: the fixed-right actions column; `more(row)` puts secondary actions (and the
 *   delete) behind one 「更多」 link so the column stays narrow.
 * A plain antd column (no `kind`) is taken as it is.
 */
export type ColumnSpec<T> =
  | (ColumnBase & {
      kind: 'text';
      field: Field<T>;
      format?: (row: T) => ReactNode;
      empty?: string;
      dash?: boolean;
    })
  | (ColumnBase & { kind: 'time'; field: Field<T>; seconds?: boolean })
  | (ColumnBase & {
      kind: 'tag';
      field: Field<T>;
      color?: string;
      label?: (value: string, row: T) => ReactNode;
    })
  | (ColumnBase & {
      kind: 'status';
      field: Field<T>;
      states: Readonly<Record<string, StatusLook>>;
      otherwise?: StatusLook;
      plain?: boolean;
    })
  | (ColumnBase & {
      kind: 'render';
      key: string;
      render: (row: T) => ReactNode;
      fixed?: 'left' | 'right';
    })
  | {
      kind: 'actions';
      title?: string;
      width: number;
      /** An "edit" link first. */
      edit?: (row: T) => void;
      /** Anything between edit and delete. */
      render?: (row: T) => ReactNode;
      /** A "delete" link last (typed `del` confirmation); the menu's last entry with `more`. */
      remove?: RemoveSpec<T>;
      /** Secondary actions in a 「更多」 menu after the buttons. */
      more?: (row: T) => RowMoreItem[];
      /** Test id of the 「更多」 link (default `row-more`). */
      moreTestId?: string;
    }
  | (ColumnType<T> & { kind?: undefined });

/** The delete link of an actions column. */
export interface RemoveSpec<T> {
  /** What is deleted, named in the confirmation. */
  target: (row: T) => string;
  /** Deletes the row; then the list should refresh (a rejection keeps the dialog open). */
  run: (row: T) => Promise<unknown>;
  testId?: (row: T) => string;
  /** Text key of the message after deleting (default `common.deleted`; '' for none). */
  doneText?: string;
  /** After the message (default in `useListPage`: refresh the list). */
  then?: () => unknown;
}

/** Edit, the page's own buttons, the 「更多」 menu and delete of one row. */
function RowActions<T>({
  row,
  spec,
}: {
  row: T;
  spec: Extract<ColumnSpec<T>, { kind: 'actions' }>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const { edit, remove, more } = spec;
  const runRemove = remove
    ? async () => {
        await remove.run(row);
        const done = remove.doneText ?? 'common.deleted';
        if (done) void message.success(t(done));
        await remove.then?.();
      }
    : undefined;
  const menu: RowMoreItem[] = more ? [...more(row)] : [];
  if (more && remove) {
    menu.push({
      key: 'delete',
      label: t('common.delete'),
      danger: true,
      testId: remove.testId?.(row),
      onClick: () => setDeleting(true),
    });
  }
  return (
    <>
      {edit && <RowButton onClick={() => edit(row)}>{t('common.edit')}</RowButton>}
      {spec.render?.(row)}
      {more ? (
        <>
          <RowMore items={menu} testId={spec.moreTestId ?? 'row-more'} />
          {remove && runRemove && (
            <DeleteConfirm
              open={deleting}
              target={remove.target(row)}
              onDelete={runRemove}
              onClose={() => setDeleting(false)}
            />
          )}
        </>
      ) : (
        remove &&
        runRemove && (
          <DeleteButton
            target={remove.target(row)}
            testId={remove.testId?.(row)}
            onDelete={runRemove}
          />
        )
      )}
    </>
  );
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function textColumn<T>(
  c: Extract<ColumnSpec<T>, { kind: 'text' }>,
  t: TFunction,
): ColumnType<T>['render'] {
  return (v: unknown, row: T) => {
    const shown = c.format ? c.format(row) : (v as ReactNode);
    if (!isEmpty(shown) && c.ellipsis) {
      return <Typography.Text ellipsis={{ tooltip: shown }}>{shown}</Typography.Text>;
    }
    if (!isEmpty(shown)) return shown;
    if (c.empty) return <Typography.Text type="secondary">{t(c.empty)}</Typography.Text>;
    return c.dash ? '—' : shown;
  };
}

function statusRender<T>(
  c: Extract<ColumnSpec<T>, { kind: 'status' }>,
  t: TFunction,
): ColumnType<T>['render'] {
  return (v: unknown) => {
    const look = c.states[String(v)] ?? c.otherwise;
    if (!look) return null;
    return c.plain ? t(look.label) : <Tag color={look.color}>{t(look.label)}</Tag>;
  };
}

function tagRender<T>(c: Extract<ColumnSpec<T>, { kind: 'tag' }>): ColumnType<T>['render'] {
  const one = (v: string, row: T) => (
    <Tag key={v} color={c.color}>
      {c.label ? c.label(v, row) : v}
    </Tag>
  );
  return (v: unknown, row: T) =>
    Array.isArray(v) ? (
      <Flex wrap gap={4}>
        {v.map((x) => one(String(x), row))}
      </Flex>
    ) : isEmpty(v) ? null : (
      one(String(v), row)
    );
}

/** One antd column from its spec. */
function columnOf<T>(c: ColumnSpec<T>, t: TFunction): ColumnType<T> {
  if (c.kind === undefined) return c;
  if (c.kind === 'actions') {
    return actionsColumn<T>(t(c.title ?? 'common.actions'), c.width, (row) => (
      <RowActions row={row} spec={c} />
    ));
  }
  if (c.kind === 'time') {
    return timeColumn<T>(t(c.title), c.field, {
      seconds: c.seconds,
      width: c.width,
      sortable: c.sortable,
    });
  }
  const base: ColumnType<T> = {
    title: c.title ? t(c.title) : '',
    width: c.width,
    // A text column cuts its own value and shows it whole in a tooltip (textColumn).
    ellipsis: c.kind === 'text' ? false : c.ellipsis,
    sorter: c.sortable,
  };
  if (c.kind === 'render') {
    return { ...base, key: c.key, fixed: c.fixed, render: (_: unknown, row: T) => c.render(row) };
  }
  const field = { ...base, dataIndex: c.field, key: c.field };
  if (c.kind === 'text') return { ...field, render: textColumn(c, t) };
  if (c.kind === 'status') return { ...field, render: statusRender(c, t) };
  return { ...field, render: tagRender(c) };
}

/** The antd columns of a list of specs (titles translated with `t`). */
export function columnsOf<T>(t: TFunction, specs: readonly ColumnSpec<T>[]): ColumnsType<T> {
  return specs.map((c) => columnOf(c, t));
}

/** {@link columnsOf} in a component: translated in the current language. */
export function useColumns<T>(specs: readonly ColumnSpec<T>[]): ColumnsType<T> {
  const { t } = useTranslation();
  // Specs are usually written inline (new each render); the work is cheap, memo keeps identity
  // only while they stay the same.
  return useMemo(() => columnsOf(t, specs), [t, specs]);
}
