import { Alert, App, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProxyAddResult } from '@cst/shared';
import { cutColumn } from '../../../components/listPage/index.ts';
import { proxiesApi } from '../api.ts';

/** Props of {@link ProxyAddModal}. */
export interface ProxyAddModalProps {
  open: boolean;
  onClose: (added: boolean) => void;
  /** Some lines were added: the list behind refreshes at once, not when the dialog closes. */
  onAdded?: () => void;
}

/**
 * Adds socks5 proxies from text lines `ip:port:account:password`: valid lines are added, and
 * each bad line is reported with its number and the reason; the bad lines stay for fixing.
 */
export function ProxyAddModal({ open, onClose, onAdded }: ProxyAddModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [result, setResult] = useState<ProxyAddResult | null>(null);
  const [saving, setSaving] = useState(false);
  const [addedAny, setAddedAny] = useState(false);

  const close = () => {
    onClose(addedAny);
    setText('');
    setResult(null);
    setAddedAny(false);
  };
  const handleOk = async () => {
    setSaving(true);
    try {
      const res = await proxiesApi.add(text);
      setResult(res);
      if (res.added > 0) {
        setAddedAny(true);
        onAdded?.();
        void message.success(t('proxies.added', { count: res.added }));
      }
      if (res.errors.length === 0) {
        onClose(true);
        setText('');
        setResult(null);
        setAddedAny(false);
      } else {
        // Keep only the lines that failed, so they can be fixed and sent again.
        setText(res.errors.map((e) => e.text).join('\n'));
      }
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('proxies.addTitle')}
      open={open}
      onCancel={close}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      okButtonProps={{ disabled: !text.trim(), 'data-testid': 'proxy-add-ok' }}
    >
      <Typography.Paragraph type="secondary">{t('proxies.addHint')}</Typography.Paragraph>
      <Input.TextArea
        autoFocus
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'1.2.3.4:1080:user:pass\n5.6.7.8:1080:user2:pass2'}
        aria-label={t('proxies.addHint')}
        data-testid="proxy-lines"
        style={{ fontFamily: 'monospace' }}
      />
      {result && result.errors.length > 0 && result.added > 0 && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={t('proxies.added', { count: result.added })}
          data-testid="proxy-added"
        />
      )}
      {result && result.errors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('proxies.errorsTitle', { count: result.errors.length })}
          description={
            <Table
              size="small"
              rowKey="line"
              pagination={false}
              dataSource={result.errors}
              data-testid="proxy-errors"
              columns={[
                { title: t('proxies.line'), dataIndex: 'line', width: 64 },
                {
                  title: t('proxies.text'),
                  key: 'text',
                  ...cutColumn<ProxyAddResult['errors'][number]>((e) => e.text),
                },
                { title: t('proxies.error'), dataIndex: 'message' },
              ]}
            />
          }
        />
      )}
    </Modal>
  );
}
