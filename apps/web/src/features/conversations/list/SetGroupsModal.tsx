import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationsApi, inboxKeys } from '../api.ts';
import { useInbox } from '../store/inboxStore.ts';

/** Props of {@link SetGroupsModal}. */
export interface SetGroupsModalProps {
  /** The conversation to put in groups; null: closed. */
  indexName: string | null;
  onClose: () => void;
}

/** The groups of the seat that hold a conversation (read from each group's list). */
async function membership(indexName: string, receiverId: string): Promise<string[]> {
  const groups = await conversationsApi.groups();
  const held = await Promise.all(
    groups.map(async (g) => {
      const r = await conversationsApi.list(
        { mode: 'custom', sessionGroupId: g.id, keyword: receiverId },
        1,
        100,
      );
      return r.list.some((c) => c.index_name === indexName) ? g.id : null;
    }),
  );
  return held.filter((id): id is string => id !== null);
}

/** Puts a conversation in any of the seat's custom groups (or takes it out of them). */
export function SetGroupsModal({ indexName, onClose }: SetGroupsModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const conv = useInbox((s) => (indexName ? s.convs[indexName] : undefined));
  const groups = useQuery({
    queryKey: inboxKeys.groups,
    queryFn: conversationsApi.groups,
    enabled: indexName !== null,
  });
  const held = useQuery({
    queryKey: inboxKeys.membership(indexName ?? ''),
    queryFn: () => membership(indexName!, conv?.receiver_id ?? ''),
    enabled: indexName !== null && conv !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (held.data) setPicked(held.data);
  }, [held.data]);

  const handleOk = async () => {
    if (!indexName) return;
    setSaving(true);
    try {
      await conversationsApi.setGroups(indexName, picked);
      void message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: inboxKeys.groups });
      await queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] });
      onClose();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const loading = groups.isLoading || held.isLoading;
  return (
    <Modal
      title={t('inbox.groups.pickFor', { name: conv?.name ?? '' })}
      open={indexName !== null}
      onCancel={onClose}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading, 'data-testid': 'set-groups-ok' }}
      destroyOnHidden
    >
      {loading ? (
        <Spin />
      ) : (groups.data ?? []).length === 0 ? (
        <Empty description={t('inbox.groups.none')} />
      ) : (
        <Checkbox.Group
          className="set-groups"
          value={picked}
          onChange={(v) => setPicked(v)}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          data-testid="set-groups"
        />
      )}
    </Modal>
  );
}
