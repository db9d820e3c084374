import { Button, Checkbox, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  appContent,
  votePercent,
  type VoteContent,
  type VoteRecord,
  type VoteUpdatePush,
} from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { bubblesApi } from './api.ts';
import { CardFrame } from './CardBubbles.tsx';
import { parseContent } from './media.ts';

/** The choice rule of SPEC §4: single mode keeps only the last pick. */
export function nextChoice(current: string[], key: string, checked: boolean, single: boolean) {
  if (!checked) return current.filter((k) => k !== key);
  return single ? [key] : [...current.filter((k) => k !== key), key];
}

/** Results: each option with its count and percent. */
function VoteResults({ record }: { record: VoteRecord | VoteContent }) {
  const { t } = useTranslation();
  const total = record.statistics.count;
  return (
    <span className="bubble-vote-results" data-testid="vote-results">
      {record.detail.answer_option.map((o) => {
        const count = record.statistics.options.find((s) => s.key === o.key)?.count ?? 0;
        const pct = votePercent(count, total);
        return (
          <span key={o.key} className="bubble-vote-result">
            <span>
              {o.value} · {t('bubble.vote.votes', { count })} · {pct}%
            </span>
            <Progress percent={pct} showInfo={false} size="small" />
          </span>
        );
      })}
      <span className="bubble-vote-total">{t('bubble.vote.total', { count: total })}</span>
    </span>
  );
}

/** A poll (SPEC §4): checkboxes until the account voted, then counts and percent. */
export function VoteBubble({ message, vote }: BubbleProps & { vote: VoteContent }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<VoteRecord | null>(null);
  const [choice, setChoice] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const single = vote.detail.answer_mode === 0;
  // A vote by another seat of the tenant updates the results live.
  useRealtimeEvent<VoteUpdatePush>('voteUpdate', (p) => {
    if (p.record.record_id === vote.record_id && p.record.messageId === message.messageId) {
      setRecord(p.record);
    }
  });
  useEffect(() => {
    if (!message.messageId) return;
    let live = true;
    bubblesApi
      .vote(vote.record_id, message.messageId)
      .then((r) => live && setRecord(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [vote.record_id, message.messageId]);
  const submit = () => {
    setBusy(true);
    bubblesApi
      .voteHandle(vote.record_id, message.messageId, choice)
      .then(setRecord)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const detail = record?.detail ?? vote.detail;
  return (
    <span className="bubble-vote" data-testid="bubble-vote">
      <span className="bubble-card-title">{detail.title}</span>
      <span className="bubble-card-body">
        {single ? t('bubble.vote.single') : t('bubble.vote.multiple')}
      </span>
      {record?.voted ? (
        <VoteResults record={record} />
      ) : (
        <>
          {detail.answer_option.map((o) => (
            <Checkbox
              key={o.key}
              checked={choice.includes(o.key)}
              onChange={(e) => setChoice((c) => nextChoice(c, o.key, e.target.checked, single))}
            >
              {o.value}
            </Checkbox>
          ))}
          <Button
            type="primary"
            size="small"
            disabled={choice.length === 0}
            loading={busy}
            onClick={submit}
          >
            {choice.length === 0 ? t('bubble.vote.select') : t('bubble.vote.submit')}
          </Button>
        </>
      )}
    </span>
  );
}

/** An app message (22): its title; a poll shows the vote. */
export function AppBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, appContent);
  if (c?.vote) return <VoteBubble message={message} vote={c.vote} />;
  return (
    <CardFrame
      testId="bubble-app"
      title={c?.title || message.msg_text || t('bubble.app')}
      body={c?.description}
      footer={c?.appName || t('bubble.app')}
    />
  );
}
