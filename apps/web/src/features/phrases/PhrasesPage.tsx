import { App, Radio, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phraseGroupAddBody, type PhraseGroupItem, type PhraseItem } from '@cst/shared';
import {
  ConfirmWordModal,
  EmptyState,
  ListScreen,
  useListPage,
} from '../../components/listPage/index.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { NameDialog } from '../material/NameDialog.tsx';
import { SideList, type SideListItem } from '../material/SideList.tsx';
import { phraseApi, phraseKeys } from './api.ts';
import { PhraseFormModal } from './PhraseFormModal.tsx';
import { indexPhrases, searchPhrases } from './phraseSearch.ts';
import '../material/material.css';
import './phrases.css';

type GroupDialog = { kind: 'add' } | { kind: 'rename'; group: SideListItem } | null;

/**
 * The phrase library (/settings/phrases): the tenant's shared groups and the caller's own on the
 * left, the phrases most used first on the right; seats keep personal groups, `library.manage`
 * keeps the shared ones.
 */
export function PhrasesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canShare = useCan('library.manage');
  const groups = useQuery({ queryKey: phraseKeys.groups, queryFn: phraseApi.groups });
  const [groupDialog, setGroupDialog] = useState<GroupDialog>(null);
  const [shared, setShared] = useState(false);
  const [deleting, setDeleting] = useState<SideListItem | null>(null);
  const [editing, setEditing] = useState<PhraseItem | 'new' | null>(null);
  const refreshAll = () => client.invalidateQueries({ queryKey: phraseKeys.all });

  const page = useListPage({
    key: [...phraseKeys.list, 'page'],
    refreshKey: phraseKeys.all,
    frame: { title: 'phrases.title', testId: 'phrases-page' },
    // The whole list is small enough to hold; the page filters and pages it here.
    fetch: async (p) => {
      const all = await client.fetchQuery({ queryKey: phraseKeys.list, queryFn: phraseApi.list });
      const items = p.groupId ? all.list.filter((x) => x.groupId === p.groupId) : all.list;
      const found = searchPhrases(indexPhrases(items), p.keyword ?? '', items.length);
      const from = (p.page - 1) * p.pageSize;
      return { list: found.slice(from, from + p.pageSize), total: found.length };
    },
    rowKey: 'id',
    filters: [
      { kind: 'custom', names: ['groupId'] },
      { kind: 'search', name: 'keyword', placeholder: 'phrases.search', testId: 'phrases-search' },
    ],
    toolbar: {
      add: {
        label: 'phrases.add',
        onClick: () => setEditing('new'),
        testId: 'phrase-add',
        disabled: (groups.data?.list ?? []).every((g) => !g.editable),
      },
    },
    empty: { title: 'phrases.empty', hint: 'phrases.emptyHint', offerAdd: true },
    columns: [
      { kind: 'text', title: 'phrases.content', field: 'content', width: 420 },
      {
        kind: 'text',
        title: 'phrases.group',
        field: 'groupId',
        width: 160,
        format: (p) => groups.data?.list.find((g) => g.id === p.groupId)?.name ?? '',
      },
      { kind: 'text', title: 'phrases.useCount', field: 'useCount', width: 100 },
      {
        kind: 'actions',
        width: 140,
        edit: (p) => (p.editable ? setEditing(p) : void message.info(t('phrases.readOnly'))),
        remove: {
          target: (p) => p.content.slice(0, 30),
          run: (p) => phraseApi.remove([p.id]).then(refreshAll),
        },
      },
    ],
  });
  const groupId = page.query.filters.groupId ?? '';
  const items: SideListItem[] = (groups.data?.list ?? []).map((g: PhraseGroupItem) => ({
    id: g.id,
    name: g.name,
    count: g.count,
    editable: g.editable,
    tag: t(g.shared ? 'phrases.shared' : 'phrases.personal'),
  }));

  return (
    <div className="phrases-page">
      <SideList
        title={t('phrases.groups')}
        items={items}
        selected={groupId}
        onSelect={(id) => page.query.setFilters({ groupId: id || undefined })}
        allLabel={t('phrases.allGroups')}
        addLabel={t('phrases.addGroup')}
        onAdd={() => setGroupDialog({ kind: 'add' })}
        onRename={(group) => setGroupDialog({ kind: 'rename', group })}
        onDelete={setDeleting}
        empty={<EmptyState title={t('phrases.noGroups')} hint={t('phrases.noGroupsHint')} />}
        testId="phrase-groups"
      />
      <div className="phrases-main">
        <ListScreen page={page}>
          <PhraseFormModal
            target={editing}
            groups={(groups.data?.list ?? []).filter((g) => g.editable)}
            defaultGroupId={groupId}
            onClose={(saved) => {
              setEditing(null);
              if (saved) void refreshAll();
            }}
          />
        </ListScreen>
      </div>
      <NameDialog
        key={groupDialog?.kind === 'rename' ? groupDialog.group.id : 'add'}
        open={groupDialog !== null}
        title={t(groupDialog?.kind === 'rename' ? 'phrases.renameGroup' : 'phrases.addGroup')}
        label={t('phrases.groupName')}
        initial={groupDialog?.kind === 'rename' ? groupDialog.group.name : ''}
        schema={phraseGroupAddBody.shape.name}
        onSubmit={async (name) => {
          if (groupDialog?.kind === 'rename') {
            await phraseApi.renameGroup(groupDialog.group.id, name);
          } else {
            const r = await phraseApi.addGroup(name, canShare && shared);
            page.query.setFilters({ groupId: r.id });
          }
          void message.success(t('phrases.saved'));
        }}
        onClose={(saved) => {
          setGroupDialog(null);
          setShared(false);
          if (saved) void refreshAll();
        }}
        testId="phrase-group-name"
        extra={
          groupDialog?.kind === 'add' ? (
            <div className="phrase-group-scope" data-testid="phrase-group-scope">
              <Typography.Text strong>{t('phrases.scope')}</Typography.Text>
              {canShare && (
                <Radio.Group
                  value={shared ? 'shared' : 'personal'}
                  onChange={(e) => setShared(e.target.value === 'shared')}
                  options={[
                    { value: 'personal', label: t('phrases.scopePersonal') },
                    { value: 'shared', label: t('phrases.scopeShared') },
                  ]}
                  data-testid="phrase-group-shared"
                />
              )}
              <Typography.Text type="secondary">
                {t(shared && canShare ? 'phrases.scopeSharedHint' : 'phrases.scopePersonalHint')}
              </Typography.Text>
            </div>
          ) : null
        }
      />
      <ConfirmWordModal
        open={deleting !== null}
        title={t('phrases.deleteGroup')}
        word="del"
        danger
        hint={t('phrases.deleteGroupHint', { name: deleting?.name, count: deleting?.count })}
        onConfirm={async () => {
          if (!deleting) return;
          await phraseApi.deleteGroup(deleting.id);
          void message.success(t('phrases.deleted'));
          if (groupId === deleting.id) page.query.setFilters({ groupId: undefined });
          setDeleting(null);
          await refreshAll();
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
