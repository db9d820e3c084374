import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwitcherAccount, SyncFriendsResult } from '@cst/shared';
import { friendsApi } from './api.ts';

/** Props of {@link SyncFriendsModal}. */
export interface SyncFriendsModalProps {
  open: boolean;
  accounts: SwitcherAccount[];
  /** The account filtered on, chosen first. */
  initialWxid?: string;
  onClose: (synced: boolean) => void;
}

/**
 * Reads a work account's friend list from the platform and shows what changed: friends added,
 * removed and changed since the last sync.
 */
export function SyncFriendsModal({ open, accounts, initialWxid, onClose }: SyncFriendsModalProps) {
  const { t } = useTranslation();
  const [wxid, setWxid] = useState<string | undefined>(initialWxid ?? accounts[0]?.wxid);
  const [result, setResult] = useState<SyncFriendsResult | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSync = async () => {
    if (!wxid) return;
    setBusy(true);
    try {
      setResult(await friendsApi.sync(wxid));
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('friends.syncTitle')}
      okText={t('friends.syncStart')}
      onOk={() => void handleSync()}
      okButtonProps={
        { loading: busy, disabled: !wxid, 'data-testid': 'friends-sync-start' } as never
      }
      onCancel={() => onClose(result !== null)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('friends.syncAccount')} required>
          <Select
            value={wxid}
            onChange={(v) => {
              setWxid(v);
              setResult(null);
            }}
            showSearch={{ optionFilterProp: 'label' }}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
            data-testid="friends-sync-account"
          />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type="success"
          showIcon
          data-testid="friends-sync-result"
          message={t('friends.syncResult', result)}
        />
      )}
    </Modal>
  );
}
