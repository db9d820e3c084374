import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Segmented,
  Select,
  Spin,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformCapabilities } from '../CapabilityGate.tsx';
import { groupOptions, useAccountGroups } from '../table/useAccountGroups.ts';
import { useProxies } from '../proxies/useProxies.ts';
import { useQrLogin } from './useQrLogin.ts';
import type { QrView } from './qrLoginMachine.ts';

/** Props of {@link QrLoginModal}. */
export interface QrLoginModalProps {
  open: boolean;
  /** Log this account in again instead of adding a new one. */
  wxid?: string;
  /** The group a new account goes into unless changed here (the group the list shows). */
  defaultGroupId?: string;
  onClose: () => void;
}

/** Adds a work account by QR code (or logs one in again): the code, then its live state. */
export function QrLoginModal(props: QrLoginModalProps) {
  const { t } = useTranslation();
  const relogin = Boolean(props.wxid);
  const [groupId, setGroupId] = useState<string | undefined>(props.defaultGroupId || undefined);
  const [proxyId, setProxyId] = useState<string | undefined>();
  const groups = useAccountGroups(props.open && !relogin);
  const proxies = useProxies(props.open && !relogin);
  // A platform that links by pairing code too (WhatsApp) offers it beside the QR code.
  const pairing = usePlatformCapabilities().can('pairingCode');
  const [mode, setMode] = useState<'qr' | 'pair'>('qr');
  const [phoneInput, setPhoneInput] = useState('');
  const [phone, setPhone] = useState('');
  const byCode = pairing && mode === 'pair';
  const { view, refresh } = useQrLogin(props.open, {
    groupId,
    proxyId,
    wxid: props.wxid,
    ...(byCode ? { phone } : {}),
  });
  const done = view.phase === 'confirmed';

  return (
    <Modal
      title={relogin ? t('accounts.relogin') : t('qrLogin.title')}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={460}
      footer={
        <Flex justify="flex-end" gap={8}>
          {done && !relogin && (
            <Button onClick={refresh} data-testid="qr-add-another">
              {t('qrLogin.addAnother')}
            </Button>
          )}
          <Button
            type={done ? 'primary' : 'default'}
            onClick={props.onClose}
            data-testid="qr-close"
          >
            {t('common.close')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="qr-modal" data-phase={view.phase} data-login={view.loginId ?? ''}>
        {!relogin && !done && (
          <Form layout="vertical" size="small">
            <Flex gap={8}>
              <Form.Item label={t('qrLogin.group')} style={{ flex: 1 }}>
                <TreeSelect
                  allowClear
                  treeDefaultExpandAll
                  value={groupId}
                  onChange={(v?: string) => setGroupId(v)}
                  placeholder={t('accounts.ungrouped')}
                  treeData={groupOptions(groups.data ?? [])}
                />
              </Form.Item>
              <Form.Item label={t('qrLogin.proxy')} style={{ flex: 1 }}>
                <Select
                  allowClear
                  value={proxyId}
                  onChange={(v?: string) => setProxyId(v)}
                  placeholder={t('accounts.noProxy')}
                  options={(proxies.data?.list ?? []).map((p) => ({
                    value: p.id,
                    label: p.label,
                  }))}
                />
              </Form.Item>
            </Flex>
          </Form>
        )}
        {pairing && !done && (
          <Flex justify="center" style={{ marginBottom: 12 }}>
            <Segmented
              value={mode}
              onChange={(v) => setMode(v as 'qr' | 'pair')}
              options={[
                { value: 'qr', label: t('qrLogin.byQr') },
                { value: 'pair', label: t('qrLogin.byCode') },
              ]}
              data-testid="login-mode"
            />
          </Flex>
        )}
        {done ? (
          <Result
            status="success"
            title={t('qrLogin.confirmed')}
            subTitle={t('qrLogin.confirmedHint', { wxid: view.wxid ?? '' })}
          />
        ) : byCode && phone === '' ? (
          <Form
            layout="vertical"
            onFinish={() => setPhone(phoneInput.trim())}
            data-testid="pair-form"
          >
            <Form.Item label={t('qrLogin.phone')} extra={t('qrLogin.phoneHint')}>
              <Input
                value={phoneInput}
                onChange={(e) => setPhoneInput(e.target.value)}
                placeholder="8613800138000"
                inputMode="tel"
                maxLength={24}
                aria-label={t('qrLogin.phone')}
                data-testid="pair-phone"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              disabled={phoneInput.trim() === ''}
              data-testid="pair-submit"
            >
              {t('qrLogin.getCode')}
            </Button>
          </Form>
        ) : byCode ? (
          <PairCodeBox view={view} onRefresh={refresh} onChangePhone={() => setPhone('')} />
        ) : (
          <QrBox view={view} onRefresh={refresh} />
        )}
      </div>
    </Modal>
  );
}

/** The QR code with the state over it (scanned, expired → refresh, failed → retry). */
function QrBox({ view, onRefresh }: { view: QrView; onRefresh: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const counting = view.phase === 'issued';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  const left = Math.max(0, Math.ceil((view.expiresAt - now) / 1000));
  const mask = (() => {
    switch (view.phase) {
      case 'loading':
        return (
          <>
            <Spin />
            <span>{t('qrLogin.loading')}</span>
          </>
        );
      case 'scanned':
        return (
          <>
            <CheckCircleFilled style={{ fontSize: 40, color: '#52c41a' }} />
            <span>{t('qrLogin.scanned')}</span>
          </>
        );
      case 'expired':
        return (
          <>
            <span>{t('qrLogin.expired')}</span>
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              onClick={onRefresh}
              data-testid="qr-refresh"
            >
              {t('qrLogin.refresh')}
            </Button>
          </>
        );
      case 'failed':
        return (
          <>
            <CloseCircleFilled style={{ fontSize: 36, color: '#ff4d4f' }} />
            <span>{t('qrLogin.failed')}</span>
            <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="qr-retry">
              {t('qrLogin.retry')}
            </Button>
          </>
        );
      case 'issued':
      case 'confirmed':
        return null;
    }
  })();
  return (
    <Flex vertical align="center" gap={8}>
      <div className="wx-qr-box">
        {view.qrImage && <img src={view.qrImage} alt="QR" data-testid="qr-image" />}
        {mask && <div className="wx-qr-mask">{mask}</div>}
      </div>
      {view.phase === 'failed' && (
        <Typography.Text type="danger" data-testid="qr-message">
          {view.message}
        </Typography.Text>
      )}
      {view.phase === 'issued' && (
        <Typography.Text type="secondary">{t('qrLogin.issued')}</Typography.Text>
      )}
      {view.phase === 'issued' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('qrLogin.expiresIn', { s: left })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The pairing code to type on the phone, with the state under it (as the QR box shows it). */
function PairCodeBox({
  view,
  onRefresh,
  onChangePhone,
}: {
  view: QrView;
  onRefresh: () => void;
  onChangePhone: () => void;
}) {
  const { t } = useTranslation();
  const code = view.code ? `${view.code.slice(0, 4)}-${view.code.slice(4)}` : '';
  return (
    <Flex vertical align="center" gap={8} data-testid="pair-box">
      {view.phase === 'loading' && (
        <Flex gap={8} align="center">
          <Spin />
          <span>{t('qrLogin.codeLoading')}</span>
        </Flex>
      )}
      {code && (view.phase === 'issued' || view.phase === 'scanned') && (
        <Typography.Text
          strong
          copyable={{ text: view.code }}
          style={{ fontSize: 28, letterSpacing: 4, fontFamily: 'monospace' }}
          data-testid="pair-code"
        >
          {code}
        </Typography.Text>
      )}
      {view.phase === 'issued' && (
        <Typography.Text type="secondary">{t('qrLogin.codeIssued')}</Typography.Text>
      )}
      {view.phase === 'scanned' && (
        <Typography.Text type="success">{t('qrLogin.codeEntered')}</Typography.Text>
      )}
      {view.phase === 'expired' && (
        <Typography.Text type="secondary">{t('qrLogin.codeExpired')}</Typography.Text>
      )}
      {view.phase === 'failed' && (
        <Typography.Text type="danger" data-testid="qr-message">
          {view.message || t('qrLogin.failed')}
        </Typography.Text>
      )}
      <Flex gap={8}>
        {(view.phase === 'expired' || view.phase === 'failed') && (
          <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="pair-refresh">
            {t('qrLogin.newCode')}
          </Button>
        )}
        <Button type="link" onClick={onChangePhone} data-testid="pair-change-phone">
          {t('qrLogin.changePhone')}
        </Button>
      </Flex>
    </Flex>
  );
}
