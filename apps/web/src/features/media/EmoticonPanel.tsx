import { HeartOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popover, Spin, Tabs, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WS_EVENTS, type ConversationItem, type EmoticonItem, type ToEmojiPush } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { imageSrc } from '../bubbles/media.ts';
import { mediaApi } from './api.ts';

/** A grid of stickers; a click sends one. */
function Grid({ items, onPick }: { items: EmoticonItem[] | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  if (!items) return <Spin />;
  if (items.length === 0) return <Empty description={t('media.noEmoticons')} />;
  return (
    <div className="emoticon-grid" data-testid="emoticon-grid">
      {items.map((e) => (
        <button
          key={e.id}
          type="button"
          className="emoticon-cell"
          title={e.name}
          onClick={() => onPick(e.id)}
          data-testid="emoticon-cell"
        >
          <img
            src={imageSrc(e.thumbUrl || e.url) ?? undefined}
            alt={e.name}
            width={56}
            height={56}
          />
        </button>
      ))}
    </div>
  );
}

/** The sticker panel: the system set and the user's set (with upload); a pick sends it. */
export function EmoticonPanel({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const [open, setOpen] = useState(false);
  const [system, setSystem] = useState<EmoticonItem[] | null>(null);
  const [mine, setMine] = useState<EmoticonItem[] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const loadMine = () => {
    mediaApi
      .userEmoticons()
      .then((r) => setMine(r.list))
      .catch(() => setMine([]));
  };
  const load = () => {
    mediaApi
      .systemEmoticons()
      .then((r) => setSystem(r.list))
      .catch(() => setSystem([]));
    loadMine();
  };
  // `toEmoji` (SPEC §7): the user's set changed in another tab; an open panel shows it now (a
  // closed one reloads when opened).
  useRealtimeEvent<ToEmojiPush>(WS_EVENTS.toEmoji, () => {
    if (open) loadMine();
  });
  const pick = (id: string) => {
    setOpen(false);
    void mediaApi.sendEmoticon(conv, id).catch(() => undefined);
  };
  const upload = (file: File | undefined) => {
    if (!file) return;
    mediaApi
      .uploadEmoticon(file)
      .then(() => {
        toast.success(t('media.uploaded'));
        loadMine();
      })
      .catch(() => toast.error(t('media.uploadEmoticonFailed')));
  };

  const content = (
    <div className="emoticon-panel">
      <Tabs
        size="small"
        items={[
          {
            key: 'system',
            label: t('media.system'),
            children: <Grid items={system} onPick={pick} />,
          },
          {
            key: 'mine',
            label: t('media.mine'),
            children: (
              <>
                <Button
                  size="small"
                  icon={<UploadOutlined />}
                  onClick={() => input.current?.click()}
                  data-testid="emoticon-upload"
                >
                  {t('media.upload')}
                </Button>
                <input
                  ref={input}
                  type="file"
                  accept="image/*"
                  hidden
                  onChange={(e) => {
                    upload(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                <Grid items={mine} onPick={pick} />
              </>
            ),
          },
        ]}
      />
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) load();
      }}
      placement="topLeft"
    >
      <Tooltip title={t('media.emoticon')}>
        <Button
          type="text"
          size="small"
          icon={<HeartOutlined />}
          aria-label={t('media.emoticon')}
          data-testid="composer-emoticon"
        />
      </Tooltip>
    </Popover>
  );
}
