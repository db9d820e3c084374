import { FileTextOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { aiApi } from './api.ts';
import { AiDisabledHint } from './AiDisabledHint.tsx';
import { useAiAccess } from './useAiAccess.ts';

/** The chat header's 「AI 总结」: a summary of the conversation in a dialog. */
export function AiSummaryButton({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const access = useAiAccess();
  const [open, setOpen] = useState(false);
  const summary = useMutation({ mutationFn: () => aiApi.summary(conv.index_name) });
  if (!access.show) return null;
  return (
    <>
      <Tooltip title={access.ready ? t('ai.summary') : <AiDisabledHint reason={access.reason} />}>
        <Button
          size="small"
          icon={<FileTextOutlined />}
          disabled={!access.ready}
          data-testid="ai-summary"
          onClick={() => {
            setOpen(true);
            summary.mutate();
          }}
        >
          {t('ai.summary')}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('ai.summaryTitle')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {summary.isPending ? (
          <Spin tip={t('ai.summarizing')}>
            <div style={{ minHeight: 60 }} />
          </Spin>
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-summary-text">
            {summary.data?.summary ?? ''}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
