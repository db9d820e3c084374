import { Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeywordRuleItem } from '@cst/shared';
import {
  DeleteButton,
  ListScreen,
  useListPage,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { robotsApi, robotsKeys } from './api.ts';
import { KeywordRuleModal } from './KeywordRuleModal.tsx';

/** `robotKeywordsReply`: the tenant's keyword rules, their switches and hit counts. */
export function KeywordRulesPage() {
  const { t } = useTranslation();
  const selection = useRowSelection<KeywordRuleItem>();
  const [editing, setEditing] = useState<KeywordRuleItem | 'new' | null>(null);
  const remove = async (ids: string[]) => {
    await robotsApi.deleteRules(ids);
    selection.clear();
    await page.refresh();
  };
  const page = useListPage({
    key: robotsKeys.rules,
    frame: { title: 'robots.kw.title', testId: 'robot-keywords-page' },
    fetch: robotsApi.rules,
    rowKey: 'id',
    selection,
    filters: [{ kind: 'search', name: 'keyword', placeholder: 'robots.kw.search' }],
    toolbar: {
      bulk: (
        <DeleteButton
          variant="button"
          label={t('robots.kw.deleteSelected')}
          target={t('robots.kw.deleteConfirm', { count: selection.keys.length })}
          disabled={selection.keys.length === 0}
          onDelete={() => remove(selection.keys)}
          testId="kw-delete-selected"
        />
      ),
      add: { label: 'robots.kw.add', onClick: () => setEditing('new'), testId: 'kw-add' },
    },
    empty: { title: 'robots.kw.empty', hint: 'robots.kw.emptyHint', offerAdd: true },
    columns: [
      {
        kind: 'render',
        key: 'keywords',
        title: 'robots.kw.keywords',
        width: 170,
        render: (r) => r.keywords.map((k) => <Tag key={k}>{k}</Tag>),
      },
      // The on/off switch right after the keywords: it stays in view at any width.
      {
        kind: 'render',
        key: 'enabled',
        title: 'common.status',
        width: 80,
        render: (r) => (
          <Switch
            size="small"
            checked={r.enabled}
            data-testid={`kw-enabled-${r.keywords[0]}`}
            onChange={(on) =>
              void robotsApi
                .setEnabled(r.id, on)
                .then(() => page.refresh())
                .catch(() => undefined)
            }
          />
        ),
      },
      {
        kind: 'text',
        title: 'robots.kw.matchMode',
        field: 'matchMode',
        width: 90,
        format: (r) => t(`robots.kw.${r.matchMode}`),
      },
      {
        kind: 'text',
        title: 'robots.kw.talkTypes',
        field: 'scope',
        width: 130,
        ellipsis: true,
        format: (r) =>
          [
            r.scope.workWxids.length > 0
              ? `${r.scope.workWxids.length} ${t('robots.kw.accounts')}`
              : t('robots.kw.allAccounts'),
            ...r.scope.talkTypes.map((x) => t(x === 1 ? 'robots.kw.single' : 'robots.kw.group')),
          ].join(' · '),
      },
      {
        kind: 'text',
        title: 'robots.kw.replies',
        field: 'replies',
        width: 160,
        ellipsis: true,
        format: (r) =>
          r.replies
            .map((m) => (m.kind === 'text' ? m.content : t(`robots.msg.${m.kind}`)))
            .join(' / '),
      },
      { kind: 'text', title: 'robots.kw.priority', field: 'priority', width: 80 },
      {
        kind: 'render',
        key: 'hits',
        title: 'robots.kw.hits',
        width: 90,
        render: (r) => <span data-testid={`kw-hits-${r.keywords[0]}`}>{r.hits}</span>,
      },
      { kind: 'time', title: 'robots.kw.lastHit', field: 'lastHitAt', width: 150 },
      {
        kind: 'actions',
        width: 130,
        edit: setEditing,
        remove: { target: (r) => r.keywords.join('、'), run: (r) => remove([r.id]), doneText: '' },
      },
    ],
  });
  // Hit counts move while the robot works: the list is read again every few seconds.
  const { refresh } = page;
  useEffect(() => {
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [refresh]);
  return (
    <ListScreen page={page}>
      <KeywordRuleModal
        target={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void page.refresh();
        }}
      />
    </ListScreen>
  );
}
