import { useQuery } from '@tanstack/react-query';
import { App, Form, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import { ConfirmWordModal } from '../../components/listPage/index.ts';
import { seatsKeys, usersApi } from './api.ts';
import { seatOptions } from './seatOptions.ts';

/** Props of {@link DeleteSeatModal}. */
export interface DeleteSeatModalProps {
  /** The sub-account to delete; null when closed. */
  user: UserItem | null;
  onClose: (deleted: boolean) => void;
}

/**
 * Deletes a sub-account after the typed `del` (SPEC §5): its work accounts, assigned chats,
 * phrase groups and pending transfers go to the chosen seat, its superior unless changed.
 */
export function DeleteSeatModal({ user, onClose }: DeleteSeatModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = user !== null;
  const [handover, setHandover] = useState<string | undefined>();
  useEffect(() => setHandover(user?.superiorId ?? undefined), [user]);
  const tree = useQuery({
    queryKey: seatsKeys.tree,
    queryFn: () => usersApi.accountTree(),
    enabled: open,
  });

  return (
    <ConfirmWordModal
      open={open}
      title={t('seats.deleteTitle', { name: user?.nickname ?? '' })}
      hint={t('seats.deleteHint', { name: user?.nickname ?? '' })}
      word="del"
      danger
      onConfirm={async () => {
        if (!user) return;
        const r = await usersApi.remove({ uid: user.uid, handoverUid: handover });
        void message.success(t('seats.deleted', { count: r.movedAccounts }));
        onClose(true);
      }}
      onClose={() => onClose(false)}
    >
      <Form.Item label={t('seats.handover')} required extra={t('seats.handoverHelp')}>
        <TreeSelect
          data-testid="seat-handover"
          value={handover}
          onChange={setHandover}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          loading={tree.isFetching}
          treeData={seatOptions(tree.data ?? [], user?.uid)}
        />
      </Form.Item>
    </ConfirmWordModal>
  );
}
