import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/sessionStore.ts';

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
 * The address of an export: the filters as the query string, with the token (like a download)
 * and the browser's time-zone offset, so the file's times read as on screen.
 */
export function exportHref(
  url: string,
  params: Record<string, string | number | undefined>,
  token: string | null,
  tzOffset = new Date().getTimezoneOffset(),
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (k === 'page' || k === 'pageSize' || v === undefined || v === '') continue;
    search.set(k, String(v));
  }
  search.set('tzOffset', String(tzOffset));
  search.set('token', token ?? '');
  return `${url}?${search.toString()}`;
}

/** Downloads the list, as filtered now, as an xlsx file the server streams. */
export function ExportButton({ url, params, disabled, testId }: ExportButtonProps) {
  const { t } = useTranslation();
  const handleClick = () => {
    const a = document.createElement('a');
    a.href = exportHref(url, params, useSession.getState().token);
    a.download = '';
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <Tooltip title={t('listPage.exportHint')}>
      <Button
        icon={<DownloadOutlined />}
        disabled={disabled}
        onClick={handleClick}
        data-testid={testId ?? 'list-export'}
      >
        {t('listPage.export')}
      </Button>
    </Tooltip>
  );
}
