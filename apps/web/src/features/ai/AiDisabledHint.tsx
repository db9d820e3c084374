import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/session/sessionStore.ts';
import { AI_SETTINGS_PATH } from './useAiAccess.ts';

/**
 * Why an AI control is disabled, with the way to the settings for those who may open them
 * (`ai.manage`); others (a keyword-reply manager on the AI robot page) get the reason only.
 */
export function AiDisabledHint({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  const manager = useCan('ai.manage');
  return (
    <span data-testid="ai-disabled-hint">
      {t('ai.disabledReason', { reason: reason ?? t('ai.notConfigured') })}
      {manager && (
        <>
          {' '}
          <Link to={AI_SETTINGS_PATH}>
            <Typography.Link>{t('ai.goSettings')}</Typography.Link>
          </Link>
        </>
      )}
    </span>
  );
}
