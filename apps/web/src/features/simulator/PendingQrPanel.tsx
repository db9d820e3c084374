import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WS_EVENTS, type SimPendingQr } from '@cst/shared';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { simulatorApi, simulatorKeys } from './api.ts';

/**
 * The tenant's QR codes waiting for a phone: scan, then confirm (with an optional nickname) or
 * decline. The list follows the QR pushes and refreshes when the tab gets focus.
 */
export function PendingQrPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: simulatorKeys.pending,
    queryFn: simulatorApi.pendingQr,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.pending });
  useRealtimeEvent(WS_EVENTS.qr, refetch);
  useRealtimeEvent(WS_EVENTS.qrAckUpdate, refetch);
  useRealtimeEvent(WS_EVENTS.qrAckSucceed, refetch);
  useRealtimeEvent(WS_EVENTS.qrAckFailed, refetch);

  return (
    <Card
      title={t('simulator.pendingTitle')}
      size="small"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={refetch}
          loading={pending.isFetching}
          data-testid="sim-pending-refresh"
        >
          {t('simulator.refresh')}
        </Button>
      }
    >
      {pending.data?.length ? (
        <Flex vertical gap={12}>
          {pending.data.map((qr) => (
            <PendingQrItem key={qr.loginId} qr={qr} onDone={refetch} />
          ))}
        </Flex>
      ) : (
        <Empty description={t('simulator.pendingEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

function PendingQrItem({ qr, onDone }: { qr: SimPendingQr; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState<'scan' | 'confirm' | 'fail' | null>(null);

  const run = async (kind: 'scan' | 'confirm' | 'fail') => {
    setBusy(kind);
    try {
      if (kind === 'scan') {
        await simulatorApi.scanOnly(qr.loginId);
        void message.success(t('simulator.scanned'));
      } else {
        const confirm = kind === 'confirm';
        const res = qr.pairingCode
          ? await simulatorApi.pair(qr.pairingCode, confirm, nickname || undefined)
          : await simulatorApi.scan(qr.loginId, confirm, nickname || undefined);
        void message.success(
          kind === 'confirm'
            ? t('simulator.confirmed', { wxid: res.wxid })
            : t('simulator.failedDone'),
        );
      }
      onDone();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="sim-qr" data-login={qr.loginId} className="sim-qr-item">
      <Flex gap={12} align="flex-start">
        {qr.pairingCode ? (
          <Flex vertical align="center" justify="center" className="sim-pair-code">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('simulator.pairingCode')}
            </Typography.Text>
            <Typography.Text strong code data-testid="sim-pair-code">
              {qr.pairingCode}
            </Typography.Text>
          </Flex>
        ) : (
          <img src={qr.qrImage} alt="QR" width={96} height={96} />
        )}
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Space size={4} wrap>
            {qr.status === 'scanned' && <Tag color="processing">{t('simulator.scanned')}</Tag>}
            {qr.wxid && <Tag>{t('simulator.relogin', { wxid: qr.wxid })}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('simulator.createdBy', { name: qr.createdBy })} ·{' '}
              {t('simulator.expiresAt', { time: dayjs(qr.expiresAt).format('HH:mm:ss') })}
            </Typography.Text>
          </Space>
          <Input
            size="small"
            maxLength={32}
            placeholder={t('simulator.nickname')}
            aria-label={t('simulator.nickname')}
            value={nickname}
            onChange={(e) => setNickname(e.target.value)}
            data-testid="sim-qr-nickname"
          />
          <Space size={4} wrap>
            <Button
              size="small"
              disabled={qr.status !== 'issued'}
              loading={busy === 'scan'}
              onClick={() => void run('scan')}
              data-testid="sim-qr-scan"
            >
              {t('simulator.scan')}
            </Button>
            <Button
              size="small"
              type="primary"
              loading={busy === 'confirm'}
              onClick={() => void run('confirm')}
              data-testid="sim-qr-confirm"
            >
              {t('simulator.confirm')}
            </Button>
            <Button
              size="small"
              danger
              loading={busy === 'fail'}
              onClick={() => void run('fail')}
              data-testid="sim-qr-fail"
            >
              {t('simulator.fail')}
            </Button>
          </Space>
        </Flex>
      </Flex>
    </div>
  );
}
