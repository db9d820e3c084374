import { TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { translationApi, useTranslateCapability, useTranslateTarget } from './api.ts';
import { AutoTranslateControl } from './AutoTranslateControl.tsx';
import { TranslateSetupHint } from './TranslateSetupHint.tsx';

/**
 * The composer's translation assistant: a target language and a button that replaces the draft
 * with its translation, and auto translation of the conversation. Without a provider it says how
 * to configure one.
 */
export function TranslateTool({ indexName }: { indexName: string }) {
  const enabled = useTranslateCapability();
  if (enabled === undefined) return null;
  if (!enabled) return <TranslateSetupHint />;
  return (
    <>
      <TranslateControls indexName={indexName} />
      <AutoTranslateControl indexName={indexName} />
    </>
  );
}

function TranslateControls({ indexName }: { indexName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { target, setTarget } = useTranslateTarget();
  const draft = useInbox((s) => s.drafts[indexName] ?? '');
  const setDraft = useInbox((s) => s.setDraft);
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: ['translate', 'languages'],
    queryFn: translationApi.languages,
    staleTime: Infinity,
  });
  const run = () => {
    if (!target) {
      void message.warning(t('translate.chooseLanguage'));
      return;
    }
    if (!draft.trim()) return;
    setBusy(true);
    translationApi
      .text(draft, target)
      .then((r) => setDraft(indexName, r.text))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <span className="translate-tool" data-testid="translate-tool">
      <Select
        size="small"
        style={{ width: 120 }}
        value={target || undefined}
        placeholder={t('translate.language')}
        onChange={setTarget}
        options={(data?.list ?? []).map((l) => ({ value: l.code, label: l.name }))}
        aria-label={t('translate.language')}
      />
      <Tooltip title={t('translate.draft')}>
        <Button
          size="small"
          type="text"
          icon={<TranslationOutlined />}
          loading={busy}
          disabled={!draft.trim()}
          onClick={run}
          aria-label={t('translate.draft')}
          data-testid="translate-draft"
        />
      </Tooltip>
    </span>
  );
}
