import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { BatchProfileModal } from '../../profileLibraries/BatchProfileModal.tsx';
import { accountsApi } from '../api.ts';
import { ConfirmWordModal } from '../../../components/listPage/ConfirmWordModal.tsx';
import { DistributeModal } from './DistributeModal.tsx';
import { GroupPickModal } from './GroupPickModal.tsx';
import { PoolChangeModal } from './PoolChangeModal.tsx';
import { ProxyAssignModal } from '../proxies/ProxyAssignModal.tsx';
import { QrLoginModal } from '../qrLogin/QrLoginModal.tsx';
import { RemarkModal } from './RemarkModal.tsx';

/** The deletions: chosen accounts, or banned / non-online ones (chosen, or all of them). */
export type DeleteOp = 'delete' | 'deleteBanned' | 'deleteNonOnline';

/** The dialog the account page shows, if any. */
export type AccountDialog =
  | { kind: 'remark'; account: WorkAccountItem }
  | {
      kind: 'distribute' | 'moveGroup' | 'batchEdit' | 'batchProfile' | 'proxy' | 'pool';
      wxids: string[];
    }
  | { kind: 'delete'; op: DeleteOp; wxids?: string[] }
  | { kind: 'qr'; wxid?: string };

/** Props of {@link AccountDialogs}. */
export interface AccountDialogsProps {
  dialog: AccountDialog | null;
  /** The group the list shows (where a new account goes by default). */
  groupId?: string;
  onClose: (changed: boolean) => void;
}

const TITLES: Record<DeleteOp, string> = {
  delete: 'accounts.deleteTitle',
  deleteBanned: 'accounts.deleteBannedTitle',
  deleteNonOnline: 'accounts.deleteNonOnlineTitle',
};

/** Every dialog of the account page, opened by `dialog`. */
export function AccountDialogs({ dialog, groupId, onClose }: AccountDialogsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const wxidsOf = (kind: string) =>
    dialog && dialog.kind === kind && 'wxids' in dialog ? (dialog.wxids ?? []) : null;
  const del = dialog?.kind === 'delete' ? dialog : null;
  const target = (() => {
    if (!del) return '';
    if (del.wxids) return t('accounts.selectedScope', { count: del.wxids.length });
    return t(
      del.op === 'deleteBanned' ? 'accounts.deleteBannedScope' : 'accounts.deleteNonOnlineScope',
    );
  })();

  const handleDelete = async (word: string) => {
    if (!del) return;
    const res =
      del.op === 'delete'
        ? await accountsApi.remove(del.wxids ?? [], word)
        : del.op === 'deleteBanned'
          ? await accountsApi.removeBanned(del.wxids, word)
          : await accountsApi.removeNonOnline(del.wxids, word);
    void message.success(t('accounts.deletedCount', { count: res.count }));
    onClose(true);
  };

  return (
    <>
      <RemarkModal account={dialog?.kind === 'remark' ? dialog.account : null} onClose={onClose} />
      <DistributeModal wxids={wxidsOf('distribute')} onClose={onClose} />
      <GroupPickModal mode="moveGroup" wxids={wxidsOf('moveGroup')} onClose={onClose} />
      <GroupPickModal mode="batchEdit" wxids={wxidsOf('batchEdit')} onClose={onClose} />
      <BatchProfileModal wxids={wxidsOf('batchProfile')} onClose={onClose} />
      <ProxyAssignModal wxids={wxidsOf('proxy')} onClose={onClose} />
      <PoolChangeModal wxids={wxidsOf('pool')} onClose={onClose} />
      <ConfirmWordModal
        open={del !== null}
        title={del ? t(TITLES[del.op]) : ''}
        word="del"
        danger
        hint={t('accounts.deleteHint', { target })}
        onConfirm={handleDelete}
        onClose={() => onClose(false)}
      />
      <QrLoginModal
        key={dialog?.kind === 'qr' ? `qr-${dialog.wxid ?? ''}` : 'qr'}
        open={dialog?.kind === 'qr'}
        wxid={dialog?.kind === 'qr' ? dialog.wxid : undefined}
        defaultGroupId={groupId}
        onClose={() => onClose(false)}
      />
    </>
  );
}
