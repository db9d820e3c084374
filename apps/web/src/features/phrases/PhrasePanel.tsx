import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { Button, Empty, Input, Popover, Select, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { PhraseItem } from '@cst/shared';
import { phraseApi, phraseKeys } from './api.ts';
import { indexPhrases, searchPhrases } from './phraseSearch.ts';
import { useCountPhraseUse, usePhraseIndex } from './usePhrases.ts';
import './phrases.css';

/** The list inside the panel, mounted only while it is open. */
function PanelBody({ onPick }: { onPick: (p: PhraseItem) => void }) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState('');
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<VirtuosoHandle>(null);
  const groups = useQuery({ queryKey: phraseKeys.groups, queryFn: phraseApi.groups });
  const { index, loading } = usePhraseIndex(true);
  const shown = useMemo(() => {
    const inGroup = groupId
      ? indexPhrases(index.items.filter((p) => p.groupId === groupId))
      : index;
    return searchPhrases(inGroup, typed, inGroup.items.length);
  }, [index, groupId, typed]);

  const move = (to: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, to));
    setActive(next);
    list.current?.scrollIntoView({ index: next });
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing && shown[active])
      onPick(shown[active]);
    else return;
    e.preventDefault();
  };

  return (
    <div className="phrase-panel" data-testid="phrase-panel">
      <div style={{ display: 'flex', gap: 6 }}>
        <Select
          size="small"
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setActive(0);
          }}
          popupMatchSelectWidth={false}
          style={{ width: 130 }}
          options={[
            { value: '', label: t('phrases.allGroups') },
            ...(groups.data?.list ?? []).map((g) => ({
              value: g.id,
              label: g.shared ? `${g.name}（${t('phrases.shared')}）` : g.name,
            })),
          ]}
        />
        <Input
          size="small"
          autoFocus
          allowClear
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
          placeholder={t('phrases.search')}
          data-testid="phrase-panel-search"
        />
      </div>
      <div className="phrase-panel-list">
        {loading ? (
          <Spin />
        ) : shown.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={index.items.length ? t('phrases.noMatch') : t('phrases.empty')}
          />
        ) : (
          <Virtuoso
            ref={list}
            data={shown}
            style={{ height: '100%' }}
            itemContent={(i, p) => (
              <button
                type="button"
                className={`phrase-row${i === active ? ' phrase-row-active' : ''}`}
                title={p.content}
                onMouseEnter={() => setActive(i)}
                onClick={() => onPick(p)}
                data-testid="phrase-row"
              >
                {p.content}
              </button>
            )}
          />
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('phrases.panelHint')}
      </Typography.Text>
    </div>
  );
}

/** The composer's phrase button: pick a phrase to put into the text box. */
export function PhrasePanel({ onInsert }: { onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const countUse = useCountPhraseUse();
  const pick = (p: PhraseItem) => {
    setOpen(false);
    onInsert(p.content);
    countUse(p.id);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      destroyOnHidden
      content={<PanelBody onPick={pick} />}
    >
      <Tooltip title={t('phrases.panel')}>
        <Button
          type="text"
          size="small"
          icon={<MessageOutlined />}
          aria-label={t('phrases.panel')}
          data-testid="composer-phrases"
        />
      </Tooltip>
    </Popover>
  );
}
