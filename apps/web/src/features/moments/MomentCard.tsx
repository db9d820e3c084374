import { Avatar, Button, Flex, Image, Input, Space, Tag, Typography } from 'antd';
import HeartFilled from '@ant-design/icons/es/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/es/icons/HeartOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MomentComment, MomentItem } from '@cst/shared';
import { avatarSrc, imageSrc, localFileSrc, safeHref } from '../bubbles/media.ts';
import { momentsApi } from './api.ts';

/** Props of {@link MomentCard}. */
export interface MomentCardProps {
  moment: MomentItem;
  /** The work account's name, shown when the feed mixes accounts. */
  accountName?: string;
  /** Whether liking and commenting are possible (platform and account). */
  canInteract: boolean;
  /** After a like or comment: the moment as the platform answered. */
  onChanged: (m: MomentItem) => void;
}

/** One moment: author, text, pictures or video or link, likes and comments, like and reply. */
export function MomentCard({ moment: m, accountName, canInteract, onChanged }: MomentCardProps) {
  const { t } = useTranslation();
  const [replyTo, setReplyTo] = useState<MomentComment | null | undefined>(undefined);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<MomentItem>) => {
    setBusy(true);
    try {
      onChanged(await call());
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  const handleSend = async () => {
    const body = text.trim();
    if (!body) return;
    const ok = await run(() =>
      momentsApi.comment({
        workWxid: m.workWxid,
        momentId: m.momentId,
        text: body,
        ...(replyTo ? { replyToCommentId: replyTo.commentId } : {}),
      }),
    );
    if (ok) {
      setText('');
      setReplyTo(undefined);
    }
  };

  return (
    <div className="moment-card" data-testid="moment-card" data-moment-id={m.momentId}>
      <Avatar src={avatarSrc(m.authorAvatar)} size={44} shape="square">
        {m.authorName.slice(0, 1)}
      </Avatar>
      <div className="moment-card-body">
        <Space size={6} wrap>
          <Typography.Text strong className="moment-author">
            {m.authorName}
          </Typography.Text>
          {m.own && <Tag color="blue">{t('moments.feed.own')}</Tag>}
          {accountName && (
            <Typography.Text type="secondary" className="moment-via">
              {t('moments.feed.viaAccount', { account: accountName })}
            </Typography.Text>
          )}
        </Space>
        {m.text && <div className="moment-text">{m.text}</div>}
        {m.media.length > 0 && (
          <Image.PreviewGroup>
            <div className={m.media.length === 1 ? 'moment-media one' : 'moment-media'}>
              {m.media.map((f) =>
                f.kind === 'video' ? (
                  <video
                    key={f.url}
                    src={localFileSrc(f.url) ?? undefined}
                    controls
                    className="moment-video"
                  />
                ) : (
                  <Image key={f.url} src={imageSrc(f.url) ?? undefined} alt={f.fileName} />
                ),
              )}
            </div>
          </Image.PreviewGroup>
        )}
        {m.link && (
          <a
            className="moment-link"
            href={safeHref(m.link.url) ?? undefined}
            target="_blank"
            rel="noreferrer noopener"
          >
            <LinkOutlined /> {m.link.title || m.link.url}
          </a>
        )}
        <Flex justify="space-between" align="center" className="moment-meta">
          <Typography.Text type="secondary">
            {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          {canInteract && (
            <Space size={0}>
              <Button
                type="text"
                size="small"
                disabled={busy}
                icon={
                  m.likedBySelf ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />
                }
                onClick={() =>
                  void run(() => momentsApi.like(m.workWxid, m.momentId, !m.likedBySelf))
                }
                data-testid="moment-like"
              >
                {t(m.likedBySelf ? 'moments.feed.unlike' : 'moments.feed.like')}
              </Button>
              <Button
                type="text"
                size="small"
                icon={<MessageOutlined />}
                onClick={() => setReplyTo(replyTo === undefined ? null : undefined)}
                data-testid="moment-comment"
              >
                {t('moments.feed.comment')}
              </Button>
            </Space>
          )}
        </Flex>
        {(m.likes.length > 0 || m.comments.length > 0) && (
          <div className="moment-reactions">
            {m.likes.length > 0 && (
              <div className="moment-likes" data-testid="moment-likes">
                <HeartOutlined />{' '}
                {t('moments.feed.likedBy', { names: m.likes.map((l) => l.name).join('、') })}
              </div>
            )}
            {m.comments.map((c) => (
              <div key={c.commentId} className="moment-comment" data-testid="moment-comment-row">
                <Typography.Text strong>{c.name}</Typography.Text>
                {c.replyToName && (
                  <>
                    {' '}
                    {t('moments.feed.reply')}{' '}
                    <Typography.Text strong>{c.replyToName}</Typography.Text>
                  </>
                )}
                ：{c.text}
                {canInteract && c.wxid !== m.workWxid && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setReplyTo(c)}
                    data-testid="moment-reply"
                  >
                    {t('moments.feed.reply')}
                  </Button>
                )}
              </div>
            ))}
          </div>
        )}
        {replyTo !== undefined && (
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input
              autoFocus
              value={text}
              maxLength={500}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={() => void handleSend()}
              placeholder={
                replyTo
                  ? t('moments.feed.replyTo', { name: replyTo.name })
                  : t('moments.feed.commentPlaceholder')
              }
              data-testid="moment-comment-input"
            />
            <Button
              type="primary"
              loading={busy}
              disabled={!text.trim()}
              onClick={() => void handleSend()}
              data-testid="moment-comment-send"
            >
              {t('moments.feed.send')}
            </Button>
          </Space.Compact>
        )}
      </div>
    </div>
  );
}
