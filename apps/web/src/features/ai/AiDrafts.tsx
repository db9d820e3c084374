import { BulbOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftsSoFar, streamSuggestions } from './api.ts';
import { AiDisabledHint } from './AiDisabledHint.tsx';
import { useAiAccess } from './useAiAccess.ts';

interface DraftsState {
  open: boolean;
  loading: boolean;
  drafts: string[];
  error: string | null;
}

const CLOSED: DraftsState = { open: false, loading: false, drafts: [], error: null };

/**
 * AI reply drafts of the composer: the button (and Alt+J) asks for 1–3 drafts, streamed in;
 * clicking one puts it in the composer; nothing is sent without the seat.
 */
export function useAiDrafts(indexName: string, onPick: (text: string) => void) {
  const { t } = useTranslation();
  const access = useAiAccess();
  const [state, setState] = useState<DraftsState>(CLOSED);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    setState(CLOSED);
    return () => abort.current?.abort();
  }, [indexName]);

  const start = () => {
    if (!access.ready) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ open: true, loading: true, drafts: [], error: null });
    streamSuggestions(
      indexName,
      (soFar) => setState((s) => ({ ...s, drafts: draftsSoFar(soFar) })),
      ctl.signal,
    ).then(
      (drafts) => {
        if (!ctl.signal.aborted) setState({ open: true, loading: false, drafts, error: null });
      },
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setState({
          open: true,
          loading: false,
          drafts: [],
          error: err instanceof Error ? err.message : String(err),
        });
      },
    );
  };
  const close = () => {
    abort.current?.abort();
    setState(CLOSED);
  };

  const button = !access.show ? null : (
    <Tooltip
      title={access.ready ? t('ai.draftsShortcut') : <AiDisabledHint reason={access.reason} />}
    >
      <Button
        type="text"
        size="small"
        icon={<BulbOutlined />}
        disabled={!access.ready}
        onClick={start}
        aria-label={t('ai.drafts')}
        data-testid="ai-drafts"
      >
        {t('ai.drafts')}
      </Button>
    </Tooltip>
  );

  const panel = !state.open ? null : (
    <Card
      size="small"
      className="ai-drafts"
      data-testid="ai-drafts-panel"
      title={
        <Typography.Text type="secondary">
          {state.loading ? t('ai.drafting') : t('ai.draftsHint')}
        </Typography.Text>
      }
      extra={
        <>
          <Tooltip title={t('ai.retry')}>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined />}
              aria-label={t('ai.retry')}
              disabled={state.loading}
              onClick={start}
            />
          </Tooltip>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('common.close', { defaultValue: '关闭' })}
            onClick={close}
          />
        </>
      }
    >
      {state.error && <Alert type="error" showIcon title={state.error} />}
      {state.loading && state.drafts.length === 0 && <Spin size="small" />}
      <div className="ai-drafts-list">
        {state.drafts.map((d, i) => (
          <Button
            key={i}
            block
            className="ai-draft"
            data-testid="ai-draft"
            disabled={state.loading && i === state.drafts.length - 1}
            onClick={() => {
              onPick(d);
              close();
            }}
          >
            <span className="ai-draft-text">{d}</span>
          </Button>
        ))}
      </div>
    </Card>
  );

  return { button, panel, start, ready: access.ready };
}
