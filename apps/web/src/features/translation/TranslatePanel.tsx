import { SwapOutlined, TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Drawer, Flex, Input, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { translationApi, useTranslateCapability, useTranslateTarget } from './api.ts';
import { AutoTranslateFields } from './AutoTranslateControl.tsx';
import { TranslateLive } from './TranslateLive.tsx';

/**
 * The header's 翻译助手: keeps translations live, and opens a panel that translates any text both
 * ways and sets the open conversation's languages and auto translation. Dimmed, with what to do,
 * while the tenant has no provider.
 */
export function TranslateAssistant() {
  const { t } = useTranslation();
  const enabled = useTranslateCapability();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TranslateLive />
      {enabled === undefined ? null : (
        <Tooltip title={t('translate.assistant')}>
          <Button
            type="text"
            icon={<TranslationOutlined />}
            aria-label={t('translate.assistant')}
            data-testid="translate-assistant"
            style={enabled ? undefined : { opacity: 0.45 }}
            onClick={() => setOpen(true)}
          />
        </Tooltip>
      )}
      <Drawer
        title={t('translate.assistant')}
        open={open}
        onClose={() => setOpen(false)}
        size={380}
        destroyOnHidden
      >
        {enabled ? <TranslatePanel /> : <NotConfigured />}
      </Drawer>
    </>
  );
}

function NotConfigured() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" data-testid="translate-panel-off">
      {t('translate.panelOff')}
    </Typography.Paragraph>
  );
}

/** Free text both ways, then the open conversation's auto translation. */
export function TranslatePanel() {
  const { t } = useTranslation();
  const active = useInbox((s) => s.active);
  const { target: remembered, setTarget } = useTranslateTarget();
  const { data: langs } = useQuery({
    queryKey: ['translate', 'languages'],
    queryFn: translationApi.languages,
    staleTime: Infinity,
  });
  const [source, setSource] = useState('auto');
  const [text, setText] = useState('');
  const [result, setResult] = useState('');
  // The language the provider detected when the source was 'auto'.
  const [detected, setDetected] = useState('');
  const [busy, setBusy] = useState(false);
  const list = langs?.list ?? [];
  const target = list.some((l) => l.code === remembered) ? remembered : undefined;
  const options = list.map((l) => ({ value: l.code, label: l.name }));

  const run = () => {
    if (!target || !text.trim()) return;
    setBusy(true);
    translationApi
      .text(text, target, source === 'auto' ? undefined : source)
      .then((r) => {
        setResult(r.text);
        setDetected(r.source);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  // The other way: the result becomes the text, the languages change places.
  const swap = () => {
    if (!target) return;
    const back = source === 'auto' ? detected : source;
    if (back && list.some((l) => l.code === back)) setTarget(back);
    setSource(target);
    setText(result);
    setResult(text);
  };

  return (
    <Flex vertical gap={8} data-testid="translate-panel">
      <Flex gap={8} align="center">
        <Select
          style={{ flex: 1 }}
          value={source}
          options={[{ value: 'auto', label: t('translate.detect') }, ...options]}
          onChange={setSource}
          showSearch
          optionFilterProp="label"
          aria-label={t('translate.from')}
          data-testid="translate-panel-source"
        />
        <Button
          icon={<SwapOutlined />}
          onClick={swap}
          disabled={!target}
          aria-label={t('translate.swap')}
          data-testid="translate-panel-swap"
        />
        <Select
          style={{ flex: 1 }}
          value={target}
          options={options}
          onChange={setTarget}
          showSearch
          optionFilterProp="label"
          placeholder={t('translate.chooseLanguage')}
          aria-label={t('translate.language')}
          data-testid="translate-panel-target"
        />
      </Flex>
      <Input.TextArea
        rows={4}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('translate.panelPlaceholder')}
        data-testid="translate-panel-input"
      />
      <Button
        type="primary"
        onClick={run}
        loading={busy}
        disabled={!target || !text.trim()}
        data-testid="translate-panel-run"
      >
        {target ? t('translate.message') : t('translate.chooseLanguage')}
      </Button>
      <Input.TextArea
        rows={4}
        value={result}
        readOnly
        placeholder={t('translate.translated')}
        data-testid="translate-panel-result"
      />
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Text strong>{t('translate.conversation')}</Typography.Text>
      {active ? (
        <AutoTranslateFields indexName={active} />
      ) : (
        <Typography.Text type="secondary" data-testid="translate-panel-no-conversation">
          {t('translate.noConversation')}
        </Typography.Text>
      )}
    </Flex>
  );
}
