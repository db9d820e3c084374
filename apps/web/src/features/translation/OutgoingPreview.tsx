import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translationApi } from './api.ts';

/**
 * Auto translation of what the seat sends: the text and its translation into the contact's
 * language, side by side, before anything is sent; the seat sends either.
 */
export function OutgoingPreview({
  text,
  target,
  targetName,
  onSend,
  onClose,
}: {
  text: string | null;
  target: string;
  targetName: string;
  onSend: (content: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useQuery({
    queryKey: ['translate', 'preview', target, text],
    queryFn: () => translationApi.text(text!, target),
    enabled: text !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (
    <Modal
      open={text !== null}
      title={t('translate.previewTitle', { lang: targetName })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="original" onClick={() => text && onSend(text)} data-testid="send-original">
          {t('translate.sendOriginal')}
        </Button>,
        <Button
          key="translated"
          type="primary"
          disabled={!data}
          loading={isFetching}
          onClick={() => data && onSend(data.text)}
          data-testid="send-translated"
        >
          {t('translate.sendTranslated')}
        </Button>,
      ]}
    >
      <Typography.Text type="secondary">{t('translate.original')}</Typography.Text>
      <Typography.Paragraph className="translate-preview-text">{text}</Typography.Paragraph>
      <Typography.Text type="secondary">{t('translate.translated')}</Typography.Text>
      {isFetching && !data ? (
        <div>
          <Spin size="small" />
        </div>
      ) : isError ? (
        <Alert type="error" showIcon message={t('msg.translateFailed')} />
      ) : (
        <Typography.Paragraph
          className="translate-preview-text"
          data-testid="translate-preview-text"
        >
          {data?.text}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
