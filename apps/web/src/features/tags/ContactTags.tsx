import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FriendUpdatePush, TagTarget } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { tagsApi, tagsKeys } from './api.ts';
import { TagChips } from './TagChips.tsx';
import { TagSelect } from './TagSelect.tsx';
import './tags.css';

/**
 * The tags of one contact (user card, chat header), kept live: a `friendUpdate` push of that
 * friend (a tag change anywhere) replaces them.
 */
export function useContactTags(target: TagTarget | null) {
  const client = useQueryClient();
  useRealtimeEvent<FriendUpdatePush>('friendUpdate', (p) => {
    if (!target || p.workWxid !== target.workWxid) return;
    const row = p.upserted.find((f) => f.friendWxid === target.friendWxid);
    if (row) client.setQueryData(tagsKeys.contact(target), { tags: row.tags });
  });
  return useQuery({
    queryKey: tagsKeys.contact(target ?? { workWxid: '', friendWxid: '' }),
    queryFn: () => tagsApi.ofContact(target!),
    enabled: target !== null,
    retry: false,
    select: (d) => d.tags,
  });
}

/** Props of {@link ContactTags}. */
export interface ContactTagsProps {
  target: TagTarget;
  /** Whether the tags may be changed here (contact.manage or customer.manage). */
  editable: boolean;
}

/** A contact's tags with, when editable, a picker that adds and removes them. */
export function ContactTags({ target, editable }: ContactTagsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { data: tags = [] } = useContactTags(target);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const had = new Set(tags.map((x) => x.id));
    const added = picked.filter((id) => !had.has(id));
    const removed = [...had].filter((id) => !picked.includes(id));
    setSaving(true);
    try {
      const targets = [target];
      if (added.length) await tagsApi.tagContacts({ targets, tagIds: added, op: 'add' });
      if (removed.length) await tagsApi.tagContacts({ targets, tagIds: removed, op: 'remove' });
      setOpen(false);
      if (added.length || removed.length) void message.success(t('tags.changed'));
      void client.invalidateQueries({ queryKey: tagsKeys.all });
      void client.invalidateQueries({ queryKey: ['friends'] });
    } catch {
      // The client showed the server's message; the picker stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex wrap gap={4} align="center" data-testid="contact-tags">
      {tags.length ? (
        <TagChips tags={tags} testId="contact-tag" />
      ) : (
        <Typography.Text type="secondary">{t('tags.none')}</Typography.Text>
      )}
      {editable && (
        <Popover
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            if (o) setPicked(tags.map((x) => x.id));
          }}
          trigger="click"
          title={t('tags.edit')}
          content={
            <Flex vertical gap={8}>
              <TagSelect
                value={picked}
                onChange={setPicked}
                width={260}
                testId="contact-tags-select"
              />
              <Button
                type="primary"
                size="small"
                loading={saving}
                onClick={() => void save()}
                data-testid="contact-tags-save"
              >
                {t('userCard.save')}
              </Button>
            </Flex>
          }
        >
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('tags.edit')}
            data-testid="contact-tags-edit"
          />
        </Popover>
      )}
    </Flex>
  );
}
