import { Alert, Button, Checkbox, DatePicker, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeyCreateBody, PERMISSION_KEYS, type SwitcherAccount } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { accountOptions } from '../../lib/workAccounts/workAccountFilter.ts';
import { apiKeysApi } from './api.ts';

/** Props of {@link ApiKeyCreateModal}. */
export interface ApiKeyCreateModalProps {
  open: boolean;
  /** The work accounts the creator sees (the picker's options). */
  accounts: readonly SwitcherAccount[];
  onClose: (saved: boolean) => void;
}

interface Values {
  name: string;
  permissions: string[];
  workWxids?: string[];
  expiresAt?: Dayjs | null;
}

/**
 * Creates an API key: a name, some of the creator's own permissions, optionally some of its work
 * accounts and an expiry; then shows the key once, with a copy button.
 */
export function ApiKeyCreateModal({ open, accounts, onClose }: ApiKeyCreateModalProps) {
  const { t } = useTranslation();
  const held = useSession((s) => s.user?.permissions ?? []);
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const own = PERMISSION_KEYS.filter((p) => held.includes(p));

  const submit = async (v: Values) => {
    const r = await apiKeysApi.create({
      name: v.name,
      permissions: v.permissions as typeof own,
      workWxids: v.workWxids?.length ? v.workWxids : undefined,
      expiresAt: v.expiresAt ? v.expiresAt.valueOf() : undefined,
    });
    setCopied(false);
    setKey(r.key);
  };
  const copy = () =>
    void navigator.clipboard.writeText(key ?? '').then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <>
      <FormModal<Values>
        open={open}
        title={t('apiKeys.add')}
        width={640}
        okTestId="api-key-form-ok"
        initialValues={{ permissions: [] }}
        onSubmit={submit}
        onClose={onClose}
      >
        <FormField name="name" label={t('apiKeys.name')} schema={apiKeyCreateBody.shape.name}>
          <Input placeholder={t('apiKeys.namePlaceholder')} data-testid="api-key-name" />
        </FormField>
        <FormField
          name="permissions"
          label={t('apiKeys.permissions')}
          schema={apiKeyCreateBody.shape.permissions}
        >
          <Checkbox.Group
            data-testid="api-key-permissions"
            options={own.map((p) => ({ value: p, label: t(`perm.${p}`) }))}
          />
        </FormField>
        <FormField name="workWxids" label={t('apiKeys.accounts')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={t('apiKeys.accountsPlaceholder')}
            options={accountOptions(accounts)}
            data-testid="api-key-accounts"
          />
        </FormField>
        <FormField name="expiresAt" label={t('apiKeys.expiresAt')}>
          <DatePicker
            showTime
            placeholder={t('apiKeys.never')}
            disabledDate={(d) => d.isBefore(Date.now(), 'day')}
            data-testid="api-key-expires"
          />
        </FormField>
      </FormModal>
      <Modal
        open={key !== null}
        title={t('apiKeys.createdTitle')}
        closable={false}
        maskClosable={false}
        // The key leaves the page with the dialog: nothing keeps it once it is closed.
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setKey(null)} data-testid="api-key-done">
            {t('apiKeys.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('apiKeys.shownOnce')} />
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <code data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
            {key}
          </code>
        </Typography.Paragraph>
        <Button onClick={copy} data-testid="api-key-copy">
          {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
        </Button>
      </Modal>
    </>
  );
}
