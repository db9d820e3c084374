import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagGroupItem, TagItem } from '@cst/shared';
import {
  AddButton,
  ConfirmWordModal,
  EmptyState,
  ListPage,
} from '../../components/listPage/index.ts';
import { tagsApi, tagsKeys, useTagGroups } from './api.ts';
import { GroupNameModal, type GroupDialog } from './GroupNameModal.tsx';
import { TagFormModal, type TagDialog } from './TagFormModal.tsx';
import { TagGroupCard } from './TagGroupCard.tsx';
import { useDragOrder } from './useDragOrder.ts';
import './tags.css';

type Deleting = { kind: 'tag'; tag: TagItem } | { kind: 'group'; group: TagGroupItem } | null;

/**
 * Tag management (/customerCenter/manageTag): the tenant's tag groups and their tags with how
 * many contacts carry each; add, rename, recolour, move, delete (the dialog says how many
 * contacts lose the tag), and drag groups or tags to reorder them.
 */
export function ManageTagPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { data: groups = [], isLoading } = useTagGroups();
  const [groupDialog, setGroupDialog] = useState<GroupDialog>(null);
  const [tagDialog, setTagDialog] = useState<TagDialog>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const refresh = () => client.invalidateQueries({ queryKey: tagsKeys.all });

  /** Shows the new order at once, saves it, and reloads either way. */
  const saveOrder = async (groupId: string | undefined, ids: string[]) => {
    client.setQueryData(tagsKeys.list, (d: { list: TagGroupItem[] } | undefined) => {
      if (!d) return d;
      if (!groupId) {
        const byId = new Map(d.list.map((g) => [g.id, g]));
        return { list: ids.map((id) => byId.get(id)!).filter(Boolean) };
      }
      return {
        list: d.list.map((g) => {
          if (g.id !== groupId) return g;
          const byId = new Map(g.tags.map((x) => [x.id, x]));
          return { ...g, tags: ids.map((id) => byId.get(id)!).filter(Boolean) };
        }),
      };
    });
    try {
      await tagsApi.order({ groupId, ids });
    } finally {
      void refresh();
    }
  };
  const drag = useDragOrder(
    'tag-groups',
    groups.map((g) => g.id),
    (ids) => void saveOrder(undefined, ids),
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const r =
      deleting.kind === 'tag'
        ? await tagsApi.remove([deleting.tag.id])
        : await tagsApi.removeGroup(deleting.group.id);
    setDeleting(null);
    void message.success(t('tags.deleted', { count: r.untagged }));
    void refresh();
  };
  const closeThen = (close: () => void) => (saved: boolean) => {
    close();
    if (saved) {
      void message.success(t('tags.saved'));
      void refresh();
    }
  };

  return (
    <ListPage
      title={t('tags.title')}
      testId="manage-tag-page"
      notice={t('tags.hint')}
      actions={
        <AddButton onClick={() => setGroupDialog('new')} testId="tag-group-add">
          {t('tags.addGroup')}
        </AddButton>
      }
    >
      {isLoading ? (
        <Spin />
      ) : groups.length === 0 ? (
        <EmptyState title={t('tags.empty')} hint={t('tags.emptyHint')} testId="tags-empty" />
      ) : (
        <Flex vertical gap={12} className="tag-groups">
          {groups.map((g) => (
            <TagGroupCard
              key={g.id}
              group={g}
              dragProps={drag.itemProps(g.id)}
              onRename={() => setGroupDialog(g)}
              onDelete={() => setDeleting({ kind: 'group', group: g })}
              onAddTag={() => setTagDialog({ groupId: g.id })}
              onEditTag={(tag) => setTagDialog({ groupId: g.id, tag })}
              onDeleteTag={(tag) => setDeleting({ kind: 'tag', tag })}
              onReorderTags={(ids) => void saveOrder(g.id, ids)}
            />
          ))}
        </Flex>
      )}
      <GroupNameModal dialog={groupDialog} onClose={closeThen(() => setGroupDialog(null))} />
      <TagFormModal
        dialog={tagDialog}
        groups={groups}
        onClose={closeThen(() => setTagDialog(null))}
      />
      <ConfirmWordModal
        open={deleting !== null}
        title={deleting?.kind === 'group' ? t('tags.deleteGroup') : t('tags.deleteTag')}
        hint={
          deleting?.kind === 'tag'
            ? t('tags.deleteTagHint', { name: deleting.tag.name, count: deleting.tag.count })
            : deleting?.kind === 'group'
              ? t('tags.deleteGroupHint', {
                  name: deleting.group.name,
                  tags: deleting.group.tags.length,
                  count: deleting.group.tags.reduce((n, x) => n + x.count, 0),
                })
              : ''
        }
        word="del"
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
