import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mainApi } from '../../lib/http/clients.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { removeDeleted } from './deletedMessages.ts';
import { ContactPicker, type PickedContact } from '../contactPicker/ContactPicker.tsx';
import { AddToMaterialModal } from '../material/AddToMaterialModal.tsx';
import { useMessageTools } from './messageTools.ts';

/** Carries out the message menu's forward (through the contact picker), collect and delete. */
export function MessageToolsHost() {
  const { t } = useTranslation();
  const { message: toast, modal } = App.useApp();
  const pending = useMessageTools((s) => s.pending);
  const done = useMessageTools((s) => s.done);
  useRealtimeEvent<{ index_name: string; messageIds: string[] }>('deleteMsg', (p) =>
    useInbox.getState().mutate((d) => removeDeleted(d, p.index_name, p.messageIds)),
  );

  useEffect(() => {
    if (!pending || pending.action === 'forward' || pending.action === 'material') return;
    const id = pending.message.messageId;
    done();
    if (pending.action === 'collect') {
      void mainApi
        .post('/api/v1/talk/collect', { messageId: id })
        .then(() => toast.success(t('media.collected')))
        .catch(() => undefined);
      return;
    }
    void modal.confirm({
      title: t('media.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () =>
        mainApi
          .post('/api/v1/talk/delete', { messageIds: [id] })
          .then(() => void toast.success(t('media.deleted')))
          .catch(() => undefined),
    });
  }, [pending, done, toast, modal, t]);

  const forward = (targets: PickedContact[]) => {
    const id = pending?.message.messageId;
    done();
    if (!id) return;
    void mainApi
      .post('/api/v1/talk/forward', {
        messageIds: [id],
        targets: targets.map(({ workWxid, receiver_id, talkType }) => ({
          workWxid,
          receiver_id,
          talkType,
        })),
      })
      .then(() => toast.success(t('media.forwarded')))
      .catch(() => undefined);
  };
  return (
    <>
      <ContactPicker
        open={pending?.action === 'forward'}
        title={t('media.forwardTo')}
        workWxid={pending?.message.workWxid}
        onCancel={done}
        onConfirm={forward}
      />
      <AddToMaterialModal
        messageId={pending?.action === 'material' ? pending.message.messageId : null}
        onClose={done}
      />
    </>
  );
}
