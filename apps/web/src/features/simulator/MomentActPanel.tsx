import { App, Button, Card, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOMENT_COMMENT_MAX } from '@cst/shared';
import { simulatorApi, type SimAccount } from './api.ts';
import { OnlineAccountField } from './OnlineAccountField.tsx';

/** Props of {@link MomentActPanel}. */
export interface MomentActPanelProps {
  accounts: SimAccount[];
}

type Kind = 'post' | 'like' | 'comment';

interface Values {
  workWxid: string;
  kind: Kind;
  fromWxid?: string;
  text?: string;
}

/**
 * Moments of the outside world: a friend of a work account posts a moment, or likes or comments
 * on the account's latest post (the console shows it under 朋友圈 → 互动消息).
 */
export function MomentActPanel({ accounts }: MomentActPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const kind = Form.useWatch<Kind>('kind', form) ?? 'comment';

  const handleFinish = async (v: Values) => {
    setSending(true);
    try {
      const r = await simulatorApi.momentAct({
        workWxid: v.workWxid,
        kind: v.kind,
        ...(v.fromWxid?.trim() ? { fromWxid: v.fromWxid.trim() } : {}),
        ...(v.kind !== 'like' && v.text?.trim() ? { text: v.text.trim() } : {}),
      });
      void message.success(t(`simulator.momentDone.${v.kind}`, { wxid: r.fromWxid }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('simulator.momentTitle')} size="small">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'comment' }}
        onFinish={(v) => void handleFinish(v)}
        data-testid="sim-moment-act"
      >
        <OnlineAccountField accounts={accounts} />
        <Form.Item name="kind">
          <Radio.Group
            options={(['post', 'like', 'comment'] as const).map((k) => ({
              value: k,
              label: t(`simulator.momentKinds.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="fromWxid" label={t('simulator.momentFrom')}>
          <Input allowClear placeholder={t('simulator.momentFromHint')} maxLength={128} />
        </Form.Item>
        {kind !== 'like' && (
          <Form.Item name="text" label={t('simulator.momentText')}>
            <Input maxLength={MOMENT_COMMENT_MAX} placeholder={t('simulator.momentTextHint')} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('simulator.momentSend')}
        </Button>
      </Form>
    </Card>
  );
}
