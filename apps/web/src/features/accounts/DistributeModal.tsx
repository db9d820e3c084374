import { useQuery } from '@tanstack/react-query';
import { App, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEAT_MAX_WORK_ACCOUNTS, type SeatNode } from '@cst/shared';
import { seatsKeys, usersApi } from '../seats/api.ts';
import { accountsApi } from './api.ts';

/** Props of {@link DistributeModal}. */
export interface DistributeModalProps {
  /** The accounts to distribute; null when closed. */
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

interface SeatOption {
  value: string;
  title: string;
  disabled: boolean;
  children: SeatOption[];
}

/** The seat tree as picker options; managers see every account already, so they are not targets. */
function seatOptions(nodes: SeatNode[]): SeatOption[] {
  return nodes.map((n) => ({
    value: n.uid,
    title: `${n.nickname} (${n.username}) · ${n.workAccountCount}/${SEAT_MAX_WORK_ACCOUNTS}`,
    disabled: n.role === 'manager' || n.role === 'admin',
    children: seatOptions(n.children),
  }));
}

/** Distributes work accounts to a seat picked from the seat tree (a seat holds at most 50). */
export function DistributeModal({ wxids, onClose }: DistributeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uid, setUid] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const open = wxids !== null;
  const tree = useQuery({
    queryKey: seatsKeys.tree,
    queryFn: () => usersApi.accountTree(),
    enabled: open,
  });

  const close = (saved: boolean) => {
    setUid(undefined);
    onClose(saved);
  };
  const handleOk = async () => {
    if (!wxids || !uid) return;
    setSaving(true);
    try {
      const res = await accountsApi.distribute(wxids, uid);
      void message.success(t('accounts.distributed', { count: res.count }));
      close(true);
    } catch {
      // The client has shown the server's message (e.g. the seat is full).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('accounts.distribute')}
      open={open}
      onCancel={() => close(false)}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ disabled: !uid, 'data-testid': 'distribute-ok' }}
    >
      <Typography.Paragraph type="secondary">
        {t('accounts.selectedInfo', { count: wxids?.length ?? 0 })}
      </Typography.Paragraph>
      <TreeSelect
        showSearch
        treeDefaultExpandAll
        style={{ width: '100%' }}
        loading={tree.isFetching}
        value={uid}
        onChange={setUid}
        placeholder={t('accounts.seat')}
        treeNodeFilterProp="title"
        treeData={seatOptions(tree.data ?? [])}
        data-testid="distribute-seat"
      />
    </Modal>
  );
}
