import { Empty, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forwardContent, type ChatRecords } from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { messageTime } from '../conversations/relativeTime.ts';
import { bubblesApi } from './api.ts';
import { CardFrame } from './CardBubbles.tsx';
import { parseContent } from './media.ts';

/**
 * Forwarded chat records (21): the title and the first lines; a click opens the chat-record
 * viewer (`find-chat-records`). With no records the phone-only hint shows.
 */
export function ForwardBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, forwardContent);
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<ChatRecords | null>(null);
  const [loading, setLoading] = useState(false);
  if (!c || c.items.length === 0) {
    return (
      <CardFrame
        testId="bubble-forward"
        title={c?.title || t('bubble.records')}
        body={t('bubble.noRecords')}
        footer={t('bubble.records')}
      />
    );
  }
  const show = () => {
    setOpen(true);
    if (data || !message.messageId) return;
    setLoading(true);
    bubblesApi
      .chatRecords(message.messageId)
      .then(setData)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  const list = data?.list ?? c.items;
  return (
    <>
      <button type="button" className="bubble-card-button" onClick={show}>
        <CardFrame
          testId="bubble-forward"
          title={c.title}
          body={c.items
            .slice(0, 3)
            .map((i) => `${i.name}: ${i.content}`)
            .join('\n')}
          footer={t('bubble.openRecords')}
        />
      </button>
      <Modal
        open={open}
        title={data?.title ?? c.title}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Spin spinning={loading}>
          {list.length === 0 ? (
            <Empty description={t('bubble.noRecords')} />
          ) : (
            <List
              data-testid="chat-records"
              dataSource={list}
              renderItem={(item) => (
                <List.Item>
                  <List.Item.Meta
                    title={`${item.name} · ${messageTime(item.time, Date.now())}`}
                    description={<span className="bubble-pre">{item.content}</span>}
                  />
                </List.Item>
              )}
            />
          )}
        </Spin>
      </Modal>
    </>
  );
}
