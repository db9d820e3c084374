import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page throws or its code cannot be loaded (ChunkLoadError). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={t(chunk ? 'shell.chunkError' : 'shell.pageError')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
