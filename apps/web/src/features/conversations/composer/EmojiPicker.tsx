import { SmileOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI_TABLE } from './emoji.ts';

/** The emoji button of the composer: a grid of the emoji table; a pick inserts its code. */
export function EmojiPicker({ onPick }: { onPick: (code: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const grid = (
    <div className="emoji-grid" data-testid="emoji-grid">
      {EMOJI_TABLE.map(([code, emoji]) => (
        <button
          key={code}
          type="button"
          className="emoji-choice"
          title={code}
          aria-label={code}
          onClick={() => {
            onPick(code);
            setOpen(false);
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
  return (
    <Popover
      content={grid}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="topLeft"
      destroyOnHidden
    >
      <Tooltip title={t('inbox.emoji')}>
        <Button type="text" icon={<SmileOutlined />} aria-label={t('inbox.emoji')} />
      </Tooltip>
    </Popover>
  );
}
