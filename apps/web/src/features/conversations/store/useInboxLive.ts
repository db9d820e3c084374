import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MESSAGE_PUSH_EVENT,
  NOTE_EVENT,
  type ConversationItem,
  type ConvMergedPush,
  type EditPush,
  type MessageItem,
  type SyncReadPush,
} from '@cst/shared';
import { useRealtimeStore } from '../../../lib/realtime/realtimeStore.ts';
import { useCueTone } from '../../settings/notifyHooks.ts';
import { cueTone, desktopNotify } from './attention.ts';
import { inboxKeys } from '../api.ts';
import {
  applyMerged,
  applyMessagePush,
  applyEdit,
  applyRevoke,
  applySendPush,
  dropIfOutOfView,
  upsertConversation,
  zeroUnread,
  type SendProgress,
} from './inboxChanges.ts';
import { openConversation } from './inboxActions.ts';
import { useInbox } from './inboxStore.ts';
import { previewLine } from '../chat/msgTypeLabel.ts';
import { addAccountUnread, reconcileUnreadSoon } from './unreadCounts.ts';

type MessagePush = MessageItem & { conv?: ConversationItem };
type RevokePush = {
  index_name: string;
  messageId: string;
  content: string;
  conv?: ConversationItem;
};

/** One push waiting to be applied. */
type Pending =
  | { kind: 'message'; data: MessagePush }
  | { kind: 'send'; data: SendProgress }
  | { kind: 'revoke'; data: RevokePush }
  | { kind: 'edit'; data: EditPush }
  | { kind: 'syncRead'; data: SyncReadPush }
  | { kind: 'conv'; data: ConversationItem }
  | { kind: 'merged'; data: ConvMergedPush };

/** Every event name a message is pushed under (text, image, …). */
const MESSAGE_EVENTS = [...new Set(Object.values(MESSAGE_PUSH_EVENT))];

/** Pushes arriving within this window are applied in one store update. */
const BATCH_MS = 16;

/**
 * Keeps the inbox live (mounted once, in the header): applies message, `send`, `revokeMsg`,
 * `syncRead`, `convUpdate` and `convMerged` pushes to the store in batches, moves the per-account unread counts,
 * and plays the cue tone / shows a desktop notification for new inbound messages.
 */
export function useInboxLive(): void {
  const client = useRealtimeStore((s) => s.client);
  const play = useCueTone();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const env = useRef({ play, t, navigate, queryClient });
  useEffect(() => {
    env.current = { play, t, navigate, queryClient };
  });

  const apply = useMemo(() => {
    let queue: Pending[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const batch = queue;
      queue = [];
      const deltas = new Map<string, number>();
      const add = (wxid: string, n: number) => deltas.set(wxid, (deltas.get(wxid) ?? 0) + n);
      const inbound: MessagePush[] = [];
      let unknownRead = false;
      let totalsStale = false;
      const merged: ConvMergedPush[] = [];
      useInbox.getState().mutate((d) => {
        const now = Date.now();
        for (const p of batch) {
          if (p.kind === 'message') {
            const r = applyMessagePush(d, p.data, now);
            // A do-not-disturb chat: no tone, no notification, not in the unread totals.
            if (r.inbound && !p.data.conv?.disturb) {
              add(p.data.workWxid, 1);
              inbound.push(p.data);
            }
          } else if (p.kind === 'send') applySendPush(d, p.data);
          else if (p.kind === 'revoke') applyRevoke(d, p.data, now);
          else if (p.kind === 'edit') applyEdit(d, p.data, now);
          else if (p.kind === 'merged') {
            applyMerged(d, p.data.index_name, p.data.conv, now);
            merged.push(p.data);
          } else if (p.kind === 'conv') {
            // Do not disturb or the unread count changed (a read on the phone told late clears
            // only part of it): the totals are read again from the server.
            const old = d.data.convs[p.data.index_name];
            if (!!old?.disturb !== !!p.data.disturb || (old && old.unRead !== p.data.unRead))
              totalsStale = true;
            upsertConversation(d, p.data, now, true);
            dropIfOutOfView(d, p.data.index_name);
          } else {
            const prev = zeroUnread(d, p.data.index_name);
            if (prev === null) unknownRead = true;
            else if (prev > 0 && !d.data.convs[p.data.index_name]?.disturb) {
              add(p.data.workWxid, -prev);
            }
          }
        }
      });
      for (const [wxid, n] of deltas) addAccountUnread(wxid, n);
      if (unknownRead || totalsStale) reconcileUnreadSoon();
      for (const m of merged) {
        // The survivor's history changed: read it again; the chat open on the old one moves to it.
        void env.current.queryClient.invalidateQueries({
          queryKey: inboxKeys.chat(m.conv.index_name),
        });
        if (useInbox.getState().active === m.index_name) openConversation(m.conv.index_name);
      }
      if (inbound.length > 0) announce(inbound);
    };
    const announce = (messages: MessagePush[]) => {
      const { play, t, navigate } = env.current;
      cueTone(play);
      const last = messages[messages.length - 1]!;
      const name = last.conv?.name || last.memberName || last.receiver_id;
      desktopNotify(
        t('inbox.notifyTitle', { name }),
        previewLine(last.msgType, last.msg_text, t),
        () => {
          openConversation(last.index_name);
          void navigate(`/message?v=${Date.now()}`);
        },
      );
    };
    return (p: Pending) => {
      // Frames come from our own server; anything without its keys is ignored, never thrown on.
      if (!p.data || typeof p.data !== 'object') return;
      if (p.kind !== 'send' && typeof p.data.index_name !== 'string') return;
      if (p.kind === 'merged' && typeof p.data.conv?.index_name !== 'string') return;
      queue.push(p);
      timer ??= setTimeout(flush, BATCH_MS);
    };
  }, []);

  useEffect(() => {
    if (!client) return;
    const offs = [
      ...MESSAGE_EVENTS.map((event) =>
        client.on(event, (data) => apply({ kind: 'message', data: data as MessagePush })),
      ),
      // A private note shows in its chat like a message; it never moves the chat or its unread.
      client.on(NOTE_EVENT, (data) => apply({ kind: 'message', data: data as MessagePush })),
      client.on('send', (data) => apply({ kind: 'send', data: data as SendProgress })),
      client.on('revokeMsg', (data) => apply({ kind: 'revoke', data: data as RevokePush })),
      client.on('editMsg', (data) => apply({ kind: 'edit', data: data as EditPush })),
      client.on('syncRead', (data) => apply({ kind: 'syncRead', data: data as SyncReadPush })),
      client.on('convUpdate', (data) => apply({ kind: 'conv', data: data as ConversationItem })),
      client.on('convMerged', (data) => apply({ kind: 'merged', data: data as ConvMergedPush })),
    ];
    return () => offs.forEach((off) => off());
  }, [client, apply]);
}
