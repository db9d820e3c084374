import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Flex, Image, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  MOMENT_COMMENT_MAX,
  MOMENT_INTERACTION_KINDS,
  type MomentInteractionItem,
  type MomentInteractionKind,
} from '@cst/shared';
import { ListScreen, RowButton, useListPage } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';
import { accountLabel, workAccountFilter } from '../../lib/workAccounts/workAccountFilter.ts';
import { imageSrc } from '../bubbles/media.ts';
import { momentsApi, momentsKeys } from './api.ts';
import { MomentsUnsupported } from './MomentsUnsupported.tsx';
import { useMomentsLive } from './useMomentsLive.ts';

/** What the friend did, as one line. */
function whatOf(i: MomentInteractionItem, t: TFunction): string {
  if (i.kind === 'like') return t('moments.interaction.liked');
  return i.replyToName
    ? `${t('moments.interaction.replied', { name: i.replyToName })}：${i.text}`
    : i.text;
}

/** The reply dialog of a comment: the answer goes out as the account's reply on the moment. */
function ReplyModal({
  target,
  onClose,
}: {
  target: MomentInteractionItem | null;
  onClose: (sent: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const handleOk = async () => {
    if (!target || !text.trim()) return;
    setBusy(true);
    try {
      await momentsApi.comment({
        workWxid: target.workWxid,
        momentId: target.momentId,
        text: text.trim(),
        ...(target.commentId ? { replyToCommentId: target.commentId } : {}),
      });
      await momentsApi.read([target.id]);
      void message.success(t('moments.interaction.replied2'));
      setText('');
      onClose(true);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={target ? t('moments.interaction.replyTitle', { name: target.name }) : ''}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk()}
      okButtonProps={{ disabled: !text.trim(), loading: busy, 'data-testid': 'moment-reply-ok' }}
      destroyOnHidden
    >
      {target && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {target.name}：{target.text}
        </Typography.Paragraph>
      )}
      <Input.TextArea
        autoFocus
        rows={3}
        maxLength={MOMENT_COMMENT_MAX}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="moment-reply-text"
      />
    </Modal>
  );
}

/**
 * Interactions (/moments/interaction): friends' likes and comments on the accounts' posts, live
 * as they arrive, unread marked; reply to a comment; mark everything read.
 */
export function InteractionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const caps = usePlatformCapabilities();
  const [replying, setReplying] = useState<MomentInteractionItem | null>(null);
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const accounts = switcher?.wxAccount ?? [];
  const names = new Map(accounts.map((a) => [a.wxid, accountLabel(a)]));
  useMomentsLive('interactions');
  const page = useListPage<'workWxid' | 'kind' | 'unread', MomentInteractionItem>({
    key: momentsKeys.interactions,
    frame: { title: 'moments.interaction.title', testId: 'moment-interactions' },
    fetch: (p) =>
      momentsApi.interactions({
        page: p.page,
        pageSize: p.pageSize,
        workWxid: p.workWxid,
        kind: MOMENT_INTERACTION_KINDS.includes(p.kind as MomentInteractionKind)
          ? (p.kind as MomentInteractionKind)
          : undefined,
        unreadOnly: p.unread === 'unread' ? true : undefined,
      }),
    rowKey: 'id',
    filters: [
      workAccountFilter(accounts, 'moments.interaction.allAccounts'),
      {
        kind: 'select',
        name: 'kind',
        placeholder: 'moments.interaction.allKinds',
        options: { enum: MOMENT_INTERACTION_KINDS, prefix: 'moments.interaction.kinds.' },
      },
      {
        kind: 'select',
        name: 'unread',
        placeholder: 'moments.interaction.allMessages',
        options: [{ value: 'unread', label: t('moments.interaction.unreadOnly') }],
      },
    ],
    toolbar: {
      actions: (
        <Button
          onClick={() =>
            void momentsApi.read().then(() => {
              void message.success(t('moments.interaction.marked'));
              void page.refresh();
              void client.invalidateQueries({ queryKey: momentsKeys.unread });
            })
          }
          data-testid="moment-mark-read"
        >
          {t('moments.interaction.markRead')}
        </Button>
      ),
    },
    empty: { title: 'moments.interaction.empty', hint: 'moments.interaction.emptyHint' },
    columns: [
      {
        kind: 'render',
        key: 'who',
        title: 'moments.interaction.who',
        width: 150,
        render: (i) => (
          <Flex gap={6} align="center">
            {i.unread && <Badge status="processing" data-testid="moment-unread-dot" />}
            <Typography.Text strong={i.unread} ellipsis={{ tooltip: i.wxid }}>
              {i.name}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        kind: 'render',
        key: 'kind',
        title: 'moments.interaction.kind',
        width: 80,
        render: (i) => (
          <Tag color={i.kind === 'like' ? 'magenta' : 'blue'}>
            {t(`moments.interaction.kinds.${i.kind}`)}
          </Tag>
        ),
      },
      {
        kind: 'render',
        key: 'content',
        title: 'moments.interaction.content',
        width: 260,
        render: (i) => (
          <Typography.Text
            ellipsis={{ tooltip: whatOf(i, t) }}
            data-testid="moment-interaction-text"
          >
            {whatOf(i, t)}
          </Typography.Text>
        ),
      },
      {
        kind: 'render',
        key: 'post',
        title: 'moments.interaction.post',
        width: 220,
        render: (i) => (
          <Flex gap={6} align="center">
            {i.momentThumb && (
              <Image
                src={imageSrc(i.momentThumb) ?? undefined}
                width={32}
                height={32}
                preview={false}
                alt=""
              />
            )}
            <Typography.Text type="secondary" ellipsis={{ tooltip: i.momentText }}>
              {i.momentText || '—'}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        kind: 'text',
        title: 'moments.interaction.account',
        field: 'workWxid',
        width: 140,
        format: (i) => names.get(i.workWxid) ?? i.workWxid,
      },
      { kind: 'time', title: 'moments.interaction.at', field: 'at' },
      {
        kind: 'actions',
        width: 90,
        render: (i) =>
          i.kind === 'comment' && caps.can('momentInteract') ? (
            <RowButton onClick={() => setReplying(i)} testId="moment-interaction-reply">
              {t('moments.interaction.reply')}
            </RowButton>
          ) : null,
      },
    ],
  });

  return (
    <ListScreen page={page} notice={<MomentsUnsupported />}>
      <ReplyModal
        target={replying}
        onClose={(sent) => {
          setReplying(null);
          if (sent) {
            void page.refresh();
            void client.invalidateQueries({ queryKey: momentsKeys.unread });
          }
        }}
      />
    </ListScreen>
  );
}
