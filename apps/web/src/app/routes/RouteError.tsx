import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page throws or its code cannot be loaded (ChunkLoadError); plain HTML. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <div className="route-error" role="alert" data-testid="route-error">
      <div className="route-error-icon" aria-hidden="true">
        !
      </div>
      <h2>{t(chunk ? 'shell.chunkError' : 'shell.pageError')}</h2>
      {error instanceof Error && <p className="muted">{error.message}</p>}
      <button
        type="button"
        className="plain-button primary"
        onClick={() => window.location.reload()}
      >
        {t('common.reload')}
      </button>
    </div>
  );
}
