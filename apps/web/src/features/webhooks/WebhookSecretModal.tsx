import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface WebhookSecretModalProps {
  /** The secret to show once (null: closed). */
  secret: string | null;
  /** After a rotation: say the old one keeps signing for 24 h. */
  rotated: boolean;
  onClose: () => void;
}

/** Shows an endpoint's new secret once, to copy. */
export function WebhookSecretModal({ secret, rotated, onClose }: WebhookSecretModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      // Shown once: nothing of the secret stays in the page after the dialog closed.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks.copied')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('webhooks.secretOnce')} />
      <Typography.Paragraph
        code
        copyable
        style={{ marginTop: 16, wordBreak: 'break-all' }}
        data-testid="webhook-secret"
      >
        {secret}
      </Typography.Paragraph>
      {rotated && <Typography.Text type="secondary">{t('webhooks.secretRotated')}</Typography.Text>}
    </Modal>
  );
}
