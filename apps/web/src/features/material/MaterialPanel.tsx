import FolderOpenOutlined from '@ant-design/icons/es/icons/FolderOpenOutlined';
import { App, Button, Popover, Tooltip, Typography, type InputRef } from 'antd';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { VirtuosoHandle } from 'react-virtuoso';
import { MATERIAL_TYPES, type ConversationItem, type MaterialItem } from '@cst/shared';
import { useCan } from '../../lib/session/sessionStore.ts';
import { materialApi } from './api.ts';
import { MaterialFilters, MaterialList, useMaterialBrowse } from './MaterialList.tsx';
import { MaterialPreview } from './MaterialPreview.tsx';
import './material.css';

/** The list and preview inside the panel, mounted only while it is open. */
function PanelBody({
  conv,
  onSent,
  searchRef,
}: {
  conv: ConversationItem;
  onSent: () => void;
  searchRef: RefObject<InputRef | null>;
}) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const [sending, setSending] = useState(false);
  const list = useRef<VirtuosoHandle>(null);
  const browse = useMaterialBrowse();
  const { q, active, setActive } = browse;

  const send = async (item: MaterialItem | undefined) => {
    if (!item || sending) return;
    setSending(true);
    try {
      await materialApi.send(conv, item.id);
      void toast.success(t('material.sent'));
      onSent();
    } catch {
      // The client already showed the server's message.
    } finally {
      setSending(false);
    }
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(q.items.length - 1, to));
    setActive(next);
    list.current?.scrollIntoView({ index: next });
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing) void send(q.items[active]);
    else return;
    e.preventDefault();
  };

  return (
    <div className="material-panel" data-testid="material-panel">
      <MaterialFilters
        browse={browse}
        size="small"
        widths={{ folder: 120, type: 96 }}
        typeOptions={[
          { value: 0, label: t('material.allTypes') },
          ...MATERIAL_TYPES.map((x) => ({ value: x, label: t(`material.types.${x}`) })),
        ]}
        onKeyDown={handleKeyDown}
        testIdPrefix="material-panel"
        searchRef={searchRef}
      />
      <div className="material-panel-main">
        <MaterialList
          browse={browse}
          listRef={list}
          onClick={(item) => void send(item)}
          look={(_, i) => ({ selected: i === active })}
          rowTestId="material-row"
        />
        <MaterialPreview item={q.items[active]} />
      </div>
      <Typography.Text type="secondary" className="material-panel-hint">
        {t('material.panelHint')}
        {q.total > 0 ? ` · ${q.total}` : ''}
      </Typography.Text>
    </div>
  );
}

/**
 * The composer's material button: search, pick a folder, preview, and send with the keyboard.
 * Shown only to a role that may send (sending from the library needs it).
 */
export function MaterialPanel({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const search = useRef<InputRef>(null);
  const canSend = useCan('conversation.send');
  if (!canSend) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      // The search box takes the keys once the panel shows: its autoFocus runs as the panel
      // mounts, which may be before the popup is placed and visible (then focus goes nowhere).
      afterOpenChange={(shown) => {
        if (shown) search.current?.focus();
      }}
      trigger="click"
      placement="topLeft"
      destroyOnHidden
      content={<PanelBody conv={conv} onSent={() => setOpen(false)} searchRef={search} />}
    >
      <Tooltip title={t('material.panel')}>
        <Button
          type="text"
          size="small"
          icon={<FolderOpenOutlined />}
          aria-label={t('material.panel')}
          data-testid="composer-material"
        />
      </Tooltip>
    </Popover>
  );
}
