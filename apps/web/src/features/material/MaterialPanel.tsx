import FolderOpenOutlined from '@ant-design/icons/es/icons/FolderOpenOutlined';
import { App, Button, Empty, Input, Popover, Select, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { MATERIAL_TYPES, type ConversationItem, type MaterialItem } from '@cst/shared';
import { materialApi, materialKeys } from './api.ts';
import { MaterialPreview, MaterialThumb, materialLabel } from './MaterialPreview.tsx';
import { useMaterialItems } from './useMaterialItems.ts';
import './material.css';

/** The list and preview inside the panel, mounted only while it is open. */
function PanelBody({ conv, onSent }: { conv: ConversationItem; onSent: () => void }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const [folderId, setFolderId] = useState('');
  const [type, setType] = useState(0);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  const list = useRef<VirtuosoHandle>(null);
  const folders = useQuery({ queryKey: materialKeys.folders, queryFn: materialApi.folders });
  const q = useMaterialItems({ folderId, type, keyword });

  // The keyword goes to the server a moment after typing stops.
  useEffect(() => {
    const id = setTimeout(() => setKeyword(typed.trim()), 200);
    return () => clearTimeout(id);
  }, [typed]);
  useEffect(() => setActive(0), [folderId, type, keyword]);

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
      <div className="material-panel-filters">
        <Select
          size="small"
          value={folderId}
          onChange={setFolderId}
          popupMatchSelectWidth={false}
          options={[
            { value: '', label: t('material.allFolders') },
            ...(folders.data?.list ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
          data-testid="material-panel-folder"
          style={{ width: 120 }}
        />
        <Select
          size="small"
          value={type}
          onChange={setType}
          options={[
            { value: 0, label: t('material.allTypes') },
            ...MATERIAL_TYPES.map((x) => ({ value: x, label: t(`material.types.${x}`) })),
          ]}
          style={{ width: 96 }}
        />
        <Input
          size="small"
          autoFocus
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t('material.search')}
          data-testid="material-panel-search"
        />
      </div>
      <div className="material-panel-main">
        <div className="material-panel-list">
          {q.isLoading ? (
            <Spin />
          ) : q.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.noMatch')} />
          ) : (
            <Virtuoso
              ref={list}
              data={q.items}
              style={{ height: '100%' }}
              endReached={() => {
                if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
              }}
              itemContent={(i, item) => (
                <button
                  type="button"
                  className={`material-row${i === active ? ' material-row-active' : ''}`}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => void send(item)}
                  data-testid="material-row"
                  aria-selected={i === active}
                >
                  <MaterialThumb item={item} />
                  <span className="material-row-text">
                    <span className="material-row-label">{materialLabel(item)}</span>
                    <span className="material-row-type">{t(`material.types.${item.type}`)}</span>
                  </span>
                </button>
              )}
            />
          )}
        </div>
        <MaterialPreview item={q.items[active]} />
      </div>
      <Typography.Text type="secondary" className="material-panel-hint">
        {t('material.panelHint')}
        {q.total > 0 ? ` · ${q.total}` : ''}
      </Typography.Text>
    </div>
  );
}

/** The composer's material button: search, pick a folder, preview, and send with the keyboard. */
export function MaterialPanel({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      destroyOnHidden
      content={<PanelBody conv={conv} onSent={() => setOpen(false)} />}
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
