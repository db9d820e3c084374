import { Input, Segmented, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_MODES, type ConversationMode } from '@cst/shared';
import { useWorkAccounts } from '../../../lib/workAccounts/workAccountStore.ts';
import { ConversationList } from './ConversationList.tsx';
import { useInbox } from '../store/inboxStore.ts';
import { viewKey, viewReady, type ListView } from '../store/listView.ts';
import { useHasTags } from '../../tags/api.ts';
import { TagSelect } from '../../tags/TagSelect.tsx';
import { SessionGroupBar } from './SessionGroupBar.tsx';
import { useListQuery } from '../store/useInboxQueries.ts';
import { InboxFlowTools, type InboxFlowToolsProps } from '../../service/InboxFlowTools.tsx';

/** Props of {@link ConversationPane}. */
export interface ConversationPaneProps {
  view: ListView;
  onModeChange: (mode: ConversationMode) => void;
  onGroupChange: (id: string | undefined) => void;
  onKeywordChange: (keyword: string) => void;
  onTagsChange: (tagIds: string[]) => void;
  onShowAll: () => void;
  flow: Omit<InboxFlowToolsProps, 'listKey'>;
}

/** Typing in the search box waits this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** The middle column: session modes, custom groups, search, the count and the list. */
export function ConversationPane({
  view,
  onModeChange,
  onGroupChange,
  onKeywordChange,
  onTagsChange,
  onShowAll,
  flow,
}: ConversationPaneProps) {
  const { t } = useTranslation();
  const key = viewKey(view);
  const ready = viewReady(view);
  const error = useListQuery(view);
  const total = useInbox((s) => (s.list.key === key ? s.list.total : 0));
  // Without any work account there is none to choose on the left (the chat side says what to do).
  const noAccounts = useWorkAccounts((s) => s.accounts.length === 0);
  const [text, setText] = useState(view.keyword ?? '');
  const hasTags = useHasTags();

  useEffect(() => {
    const timer = setTimeout(() => onKeywordChange(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onKeywordChange]);

  return (
    <section className="inbox-convs" aria-label={t('inbox.modes')}>
      <div className="conv-tools">
        <Segmented
          block
          size="small"
          value={view.mode}
          onChange={(v) => onModeChange(v)}
          options={CONVERSATION_MODES.map((m) => ({
            value: m,
            title: t(`inbox.mode.${m}`),
            label: <span data-testid={`mode-${m}`}>{t(`inbox.modeShort.${m}`)}</span>,
          }))}
        />
        <InboxFlowTools {...flow} listKey={key} />
        {view.mode === 'custom' && (
          <SessionGroupBar value={view.sessionGroupId} onChange={onGroupChange} />
        )}
        <Input.Search
          allowClear
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('inbox.searchPlaceholder')}
          aria-label={t('inbox.searchPlaceholder')}
          data-testid="conv-search"
        />
        {view.talkType !== 2 && (hasTags || !!view.tagIds?.length) && (
          <TagSelect
            size="small"
            width="100%"
            value={view.tagIds}
            onChange={onTagsChange}
            placeholder={t('tags.filter')}
            testId="conv-tag-filter"
          />
        )}
        <div className="inbox-count">
          <Typography.Text type="secondary" data-testid="conv-count">
            {t('inbox.count', { count: total })}
          </Typography.Text>
          {view.talkType === 2 && (
            <Tag closable onClose={onShowAll} color="blue">
              {t('inbox.groupChatsOnly')}
            </Tag>
          )}
        </div>
      </div>
      {error ? (
        <Typography.Text type="danger" className="inbox-hint" data-testid="conv-list-error">
          {t('inbox.listFailed', { reason: error.message })}
        </Typography.Text>
      ) : ready ? (
        <ConversationList listKey={key} showAccount={view.mode !== 'account'} />
      ) : (
        <Typography.Text type="secondary" className="inbox-hint">
          {view.mode !== 'account'
            ? t('inbox.groups.choose')
            : noAccounts
              ? t('inbox.emptyList')
              : t('inbox.chooseAccount')}
        </Typography.Text>
      )}
    </section>
  );
}
