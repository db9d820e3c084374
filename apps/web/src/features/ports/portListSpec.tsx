import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PORT_STATES, type PortItem, type PortState } from '@cst/shared';
import type {
  ColumnSpec,
  FilterSpec,
  ListPageSpec,
  ListParams,
  RowSelection,
} from '../../components/listPage/index.ts';
import { portsApi, PORTS_EXPORT_URL } from './api.ts';
import { PortStateTag } from './PortStateTag.tsx';

const isState = (v: string | undefined): v is PortState =>
  (PORT_STATES as readonly string[]).includes(v ?? '');

/** The URL's params with an unknown state dropped. */
const portParams = <K extends string>(p: ListParams<K | 'state'>) => ({
  ...p,
  state: isState(p.state) ? p.state : undefined,
});

/** What differs between the admin's ports and a company's own. */
export interface PortListVariant<K extends string = never> {
  key: readonly unknown[];
  /** The prefix of the text keys `title`, `renewSelected`, `empty` and `emptyHint`. */
  texts: string;
  /** The page's test id; its buttons' and filter's derive from it (`renew-…`, `…-export`). */
  testId: string;
  add: { label: string; onClick: () => void; testId: string };
  onRenew: () => void;
  selection: RowSelection<PortItem>;
  /** Filters before the state filter. */
  filters?: readonly FilterSpec<K | 'state'>[];
  /** Columns after the code, and at the end. */
  columnsAfterCode?: readonly ColumnSpec<PortItem>[];
  columnsAtEnd?: readonly ColumnSpec<PortItem>[];
}

/**
 * A port list on the kit, shared by the platform admin's ports (grant, every tenant) and a
 * company's own (buy, renew from the balance): state filter, renew of ticked rows, export.
 */
export function portListSpec<K extends string = never>(
  v: PortListVariant<K>,
): ListPageSpec<K | 'state', PortItem> {
  return {
    key: v.key,
    frame: { title: `${v.texts}.title`, testId: v.testId },
    fetch: (p) => portsApi.list(portParams(p)),
    rowKey: 'id',
    selection: v.selection,
    toolbar: {
      bulk: { label: `${v.texts}.renewSelected`, onClick: v.onRenew, testId: `renew-${v.testId}` },
      export: { url: PORTS_EXPORT_URL, testId: `${v.testId}-export`, params: portParams },
      add: v.add,
    },
    empty: { title: `${v.texts}.empty`, hint: `${v.texts}.emptyHint`, offerAdd: true },
    filters: [
      ...(v.filters ?? []),
      {
        kind: 'select',
        name: 'state',
        width: 160,
        placeholder: 'ports.allStates',
        options: { enum: PORT_STATES, prefix: 'ports.states.' },
        testId: `${v.testId}-state-filter`,
      },
    ],
    columns: [
      { kind: 'text', title: 'ports.code', field: 'code', width: 160 },
      ...(v.columnsAfterCode ?? []),
      {
        kind: 'render',
        title: 'ports.state',
        key: 'state',
        width: 120,
        render: (p) => <PortStateTag state={p.state} />,
      },
      { kind: 'time', title: 'ports.expiresAt', field: 'expiresAt' },
      {
        kind: 'render',
        title: 'ports.workWxid',
        key: 'workWxid',
        width: 210,
        render: (p) => <BoundAccountCell port={p} />,
      },
      ...(v.columnsAtEnd ?? []),
    ],
  };
}

/**
 * The open dialog of a port list (grant, buy, renew) and its close: after a save the ticks clear
 * and the ports, with `alsoRefresh` query keys, load again.
 */
export function usePortDialog<M extends string>(
  selection: RowSelection<PortItem>,
  alsoRefresh: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<M | null>(null);
  const close = (saved: boolean) => {
    setMode(null);
    if (!saved) return;
    selection.clear();
    for (const queryKey of [['ports'], ...alsoRefresh])
      void queryClient.invalidateQueries({ queryKey });
  };
  return { mode, setMode, close };
}

/** The bound work account: its name over its wxid (a name may be shared), or 未绑定. */
function BoundAccountCell({ port }: { port: PortItem }) {
  const { t } = useTranslation();
  if (!port.workWxid)
    return <Typography.Text type="secondary">{t('ports.unbound')}</Typography.Text>;
  return (
    <span title={port.workWxid} data-testid="port-account">
      {port.workAccountName ?? port.workWxid}
      {port.workAccountName && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {port.workWxid}
        </Typography.Text>
      )}
    </span>
  );
}
