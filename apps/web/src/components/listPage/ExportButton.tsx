import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWithSession } from '../../lib/http/download.ts';

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /** The server's export route (a GET answering an xlsx file). */
  url: string;
  /** The list's current filters and sort (`query.params`); page and pageSize are dropped. */
  params: Record<string, string | number | undefined>;
  disabled?: boolean;
  testId?: string;
}

/**
 * The address of an export: the filters as the query string and the browser's time-zone offset,
 * so the file's times read as on screen. No token: the file is fetched with the session headers.
 */
export function exportHref(
  url: string,
  params: Record<string, string | number | undefined>,
  tzOffset = new Date().getTimezoneOffset(),
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (k === 'page' || k === 'pageSize' || v === undefined || v === '') continue;
    search.set(k, String(v));
  }
  search.set('tzOffset', String(tzOffset));
  return `${url}?${search.toString()}`;
}

/** Downloads the list, as filtered now, as an xlsx file the server streams. */
export function ExportButton({ url, params, disabled, testId }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleClick = () => {
    setBusy(true);
    void downloadWithSession(exportHref(url, params), 'export.xlsx').finally(() => setBusy(false));
  };
  return (
    <Tooltip title={t('listPage.exportHint')}>
      <Button
        icon={<DownloadOutlined />}
        disabled={disabled}
        loading={busy}
        onClick={handleClick}
        data-testid={testId ?? 'list-export'}
      >
        {t('listPage.export')}
      </Button>
    </Tooltip>
  );
}
