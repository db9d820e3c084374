import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Select, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionGroupItem } from '@cst/shared';
import { conversationsApi, inboxKeys } from '../api.ts';
import { SessionGroupModal } from './SessionGroupModal.tsx';

const NO_GROUPS: SessionGroupItem[] = [];

/** Props of {@link SessionGroupBar}. */
export interface SessionGroupBarProps {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

/** The custom groups of the seat: pick one to list, create, rename or delete. */
export function SessionGroupBar({ value, onChange }: SessionGroupBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data, isSuccess } = useQuery({
    queryKey: inboxKeys.groups,
    queryFn: conversationsApi.groups,
  });
  const groups = data ?? NO_GROUPS;
  const [editing, setEditing] = useState<SessionGroupItem | 'new' | null>(null);
  const current = groups.find((g) => g.id === value);

  useEffect(() => {
    // The first group is shown when none is chosen (or the chosen one was deleted).
    if (!isSuccess) return;
    if (groups.length > 0 && !current) onChange(groups[0]!.id);
    if (groups.length === 0 && value) onChange(undefined);
  }, [isSuccess, groups, current, value, onChange]);

  const handleDelete = async () => {
    if (!current) return;
    await conversationsApi.deleteGroup(current.id);
    void message.success(t('inbox.groups.deleted'));
    await queryClient.invalidateQueries({ queryKey: inboxKeys.groups });
  };

  return (
    <Flex gap={4} align="center">
      <Select
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        value={current?.id}
        placeholder={groups.length ? t('inbox.groups.choose') : t('inbox.groups.none')}
        onChange={onChange}
        options={groups.map((g) => ({ value: g.id, label: `${g.name} (${g.count})` }))}
        data-testid="session-group-select"
        aria-label={t('inbox.groups.title')}
      />
      <Tooltip title={t('inbox.groups.add')}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('inbox.groups.add')}
          data-testid="session-group-add"
          onClick={() => setEditing('new')}
        />
      </Tooltip>
      {current && (
        <>
          <Tooltip title={t('inbox.groups.rename')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('inbox.groups.rename')}
              data-testid="session-group-rename"
              onClick={() => setEditing(current)}
            />
          </Tooltip>
          <Popconfirm
            title={t('inbox.groups.deleteConfirm', { name: current.name })}
            onConfirm={() => handleDelete().catch(() => undefined)}
            okButtonProps={{ danger: true, 'data-testid': 'session-group-delete-ok' }}
          >
            <Tooltip title={t('inbox.groups.delete')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('inbox.groups.delete')}
                data-testid="session-group-delete"
              />
            </Tooltip>
          </Popconfirm>
        </>
      )}
      <SessionGroupModal
        group={editing}
        onClose={(savedId) => {
          setEditing(null);
          if (savedId) {
            void queryClient.invalidateQueries({ queryKey: inboxKeys.groups });
            onChange(savedId);
          }
        }}
      />
    </Flex>
  );
}
