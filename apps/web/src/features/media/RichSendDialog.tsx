import { AppstoreOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { newSendingId } from '../conversations/store/sendingId.ts';
import { usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';

type Kind = 'link' | 'miniApp';

const FIELDS: Record<Kind, { name: string; required?: string; url?: boolean }[]> = {
  link: [
    { name: 'title', required: 'msg.linkTitleRequired' },
    { name: 'description' },
    { name: 'url', required: 'msg.linkUrlInvalid', url: true },
    { name: 'thumbUrl' },
  ],
  miniApp: [
    { name: 'title', required: 'msg.miniAppFieldsRequired' },
    { name: 'appId', required: 'msg.miniAppFieldsRequired' },
    { name: 'appName' },
    { name: 'pagePath', required: 'msg.miniAppFieldsRequired' },
    { name: 'thumbUrl' },
  ],
};

const URL_OF: Record<Kind, string> = {
  link: '/main-api/conv/send-graphic-link',
  miniApp: '/main-api/conv/share-mini-app',
};

/** The platform capability each kind needs. */
const CAPABILITY_OF: Record<Kind, string> = { link: 'sendLink', miniApp: 'sendMiniProgram' };

/** Sends a link card (`send-graphic-link`) or a mini-program (`share-mini-app`) from a form. */
export function RichSendButton({ conv, kind }: { conv: ConversationItem; kind: Kind }) {
  const platform = usePlatformCapabilities();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const submit = async (values: Record<string, string>) => {
    setBusy(true);
    try {
      const body = Object.fromEntries(
        Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      await mainApi.post(URL_OF[kind], {
        workWxid: conv.workWxid,
        receiver_id: conv.receiver_id,
        talkType: conv.talkType,
        sendingUUid: newSendingId(),
        ...body,
      });
      void message.success(t('media.sent'));
      setOpen(false);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const label = t(`media.${kind}.title`);
  const supported = platform.can(CAPABILITY_OF[kind]);
  return (
    <>
      <Tooltip title={supported ? label : platform.why()}>
        <Button
          type="text"
          size="small"
          icon={kind === 'link' ? <LinkOutlined /> : <AppstoreOutlined />}
          aria-label={label}
          disabled={!supported}
          onClick={() => setOpen(true)}
          data-testid={`composer-${kind}`}
        />
      </Tooltip>
      <Modal
        open={open}
        title={label}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} clearOnDestroy>
          {FIELDS[kind].map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(f.name === 'title' ? 'media.fieldTitle' : `media.${kind}.${f.name}`)}
              rules={[
                ...(f.required
                  ? [{ required: true, whitespace: true, message: t(f.required) }]
                  : []),
                ...(f.url ? [{ pattern: /^https?:\/\//i, message: t('msg.linkUrlInvalid') }] : []),
              ]}
            >
              {f.name === 'description' ? <Input.TextArea rows={2} /> : <Input />}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
