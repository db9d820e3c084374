import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../accounts/api.ts';

/** Whether the chat platform has moments (true while it is not known yet). */
export function useMomentsSupported(): boolean {
  const data = usePlatform().data;
  return !data || data.capabilities.includes('moments');
}

/**
 * The notice the moments pages show on a platform without moments (WhatsApp): the page stays,
 * says why nothing works, and offers no dead controls.
 */
export function MomentsUnsupported() {
  const { t } = useTranslation();
  const data = usePlatform().data;
  if (!data || data.capabilities.includes('moments')) return null;
  const platform = t(`platformCaps.name.${data.platform}`, { defaultValue: data.platform });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="moments-unsupported"
      title={t('moments.unsupported', { platform })}
      style={{ marginBottom: 12 }}
    />
  );
}
