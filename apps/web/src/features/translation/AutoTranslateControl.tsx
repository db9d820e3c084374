import { GlobalOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popover, Select, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslateAutoSettings } from '@cst/shared';
import { translateKeys, translationApi } from './api.ts';

/**
 * Auto translation of one conversation for this seat: its own language (inbound text is shown in
 * it) and the contact's (what it sends is translated into it, with a preview). Turning it on
 * needs both (SPEC §5: auto translate needs a chosen language).
 */
export function AutoTranslateControl({ indexName }: { indexName: string }) {
  const { t } = useTranslation();
  const { data: settings } = useQuery({
    queryKey: translateKeys.auto(indexName),
    queryFn: () => translationApi.autoGet(indexName),
    staleTime: 5 * 60_000,
  });
  const on = settings?.enabled === true;
  return (
    <Popover
      content={<AutoTranslateFields indexName={indexName} width={240} />}
      trigger="click"
      placement="topLeft"
    >
      <Tooltip title={t('translate.auto')}>
        <Button
          size="small"
          type={on ? 'primary' : 'text'}
          ghost={on}
          icon={<GlobalOutlined />}
          aria-label={t('translate.auto')}
          aria-pressed={on}
          data-testid="auto-translate"
        />
      </Tooltip>
    </Popover>
  );
}

/** The languages and the on/off switch of a conversation's auto translation (stored server-side). */
export function AutoTranslateFields({ indexName, width }: { indexName: string; width?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data: settings } = useQuery({
    queryKey: translateKeys.auto(indexName),
    queryFn: () => translationApi.autoGet(indexName),
    staleTime: 5 * 60_000,
  });
  const { data: langs } = useQuery({
    queryKey: ['translate', 'languages'],
    queryFn: translationApi.languages,
    staleTime: Infinity,
  });
  const [seatLang, setSeatLang] = useState<string | undefined>();
  const [peerLang, setPeerLang] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const on = settings?.enabled === true;
  const seat = seatLang ?? settings?.seatLang ?? undefined;
  const peer = peerLang ?? settings?.peerLang ?? undefined;

  const save = (enabled: boolean, s = seat, p = peer) => {
    if (enabled && (!s || !p)) {
      void message.warning(t('translate.chooseLanguage'));
      return;
    }
    setBusy(true);
    translationApi
      .autoSet({ index_name: indexName, enabled, seatLang: s, peerLang: p })
      .then((r: TranslateAutoSettings) => qc.setQueryData(translateKeys.auto(indexName), r))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const options = (langs?.list ?? []).map((l) => ({ value: l.code, label: l.name }));
  return (
    <Flex vertical gap={8} style={{ width }} data-testid="auto-translate-panel">
      <label>
        <div>{t('translate.seatLang')}</div>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={seat}
          options={options}
          placeholder={t('translate.chooseLanguage')}
          data-testid="auto-translate-seat"
          onChange={(v) => {
            setSeatLang(v);
            if (on) save(true, v, peer);
          }}
        />
      </label>
      <label>
        <div>{t('translate.peerLang')}</div>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={peer}
          options={options}
          placeholder={t('translate.chooseLanguage')}
          data-testid="auto-translate-peer"
          onChange={(v) => {
            setPeerLang(v);
            if (on) save(true, seat, v);
          }}
        />
      </label>
      <Flex justify="space-between" align="center">
        <span>{t('translate.auto')}</span>
        <Switch
          size="small"
          checked={on}
          loading={busy}
          onChange={(v) => save(v)}
          data-testid="auto-translate-switch"
        />
      </Flex>
      <div className="translate-hint">{t('translate.autoHint')}</div>
    </Flex>
  );
}
