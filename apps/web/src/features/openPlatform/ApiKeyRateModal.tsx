import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_KEY_MAX_BURST, API_KEY_MAX_RATE, type ApiKeyItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { apiKeysApi } from './api.ts';

interface Values {
  ratePerSec: number;
  burst: number;
}

/** Sets a key's rate: requests per second and the burst, within the server's maximum. */
export function ApiKeyRateModal({
  apiKey,
  onClose,
}: {
  apiKey: ApiKeyItem | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  if (!apiKey) return null;
  return (
    <FormModal<Values>
      open
      title={t('apiKeys.rateTitle', { name: apiKey.name })}
      okTestId="api-key-rate-ok"
      initialValues={{ ratePerSec: apiKey.ratePerSec, burst: apiKey.burst }}
      onSubmit={(v) => apiKeysApi.update({ id: apiKey.id, ...v })}
      onClose={onClose}
    >
      <FormField
        name="ratePerSec"
        label={t('apiKeys.ratePerSec', { max: API_KEY_MAX_RATE })}
        required
      >
        <InputNumber min={1} max={API_KEY_MAX_RATE} precision={0} data-testid="api-key-rate" />
      </FormField>
      <FormField name="burst" label={t('apiKeys.burst', { max: API_KEY_MAX_BURST })} required>
        <InputNumber min={1} max={API_KEY_MAX_BURST} precision={0} data-testid="api-key-burst" />
      </FormField>
    </FormModal>
  );
}
