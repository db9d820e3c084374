import { SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, Flex, Form, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG_TYPE, MSG_TYPES, MSG_TYPE_NAME, isMediaMsgType, type MsgType } from '@cst/shared';
import { simulatorApi, simulatorKeys, type SimAccount } from './api.ts';
import { contentProblem, exampleContent } from './msgExamples.ts';

interface InboundForm {
  workWxid?: string;
  talkType: 1 | 2;
  fromWxid?: string;
  memberWxid?: string;
  msgType: MsgType;
  content: string;
  fileName?: string;
}

/**
 * Writes to a work account as one of its contacts (or a new wxid), or as a member of one of its
 * groups, with any message type of SPEC §3; or lets the simulator generate one.
 */
export function InboundPanel({ accounts }: { accounts: SimAccount[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InboundForm>();
  const [busy, setBusy] = useState<'send' | 'generate' | null>(null);
  const workWxid = Form.useWatch('workWxid', form);
  const talkType = Form.useWatch('talkType', form) ?? 1;
  const fromWxid = Form.useWatch('fromWxid', form);
  const msgType = Form.useWatch('msgType', form) ?? MSG_TYPE.text;
  const contacts = useQuery({
    queryKey: simulatorKeys.contacts(workWxid ?? ''),
    queryFn: () => simulatorApi.contacts(workWxid!),
    enabled: Boolean(workWxid),
  });
  const members = contacts.data?.groups.find((g) => g.groupId === fromWxid)?.members ?? [];

  const run = async (kind: 'send' | 'generate') => {
    const v =
      kind === 'generate'
        ? { ...form.getFieldsValue(true), ...(await form.validateFields(['workWxid'])) }
        : await form.validateFields();
    setBusy(kind);
    try {
      if (kind === 'generate') {
        await simulatorApi.generate(v.workWxid!, v.msgType);
        void message.success(t('simulator.generated'));
      } else {
        const res = await simulatorApi.inbound({
          workWxid: v.workWxid!,
          fromWxid: v.fromWxid!,
          talkType: v.talkType,
          msgType: v.msgType,
          content: v.content ?? '',
          memberWxid: v.talkType === 2 ? v.memberWxid || undefined : undefined,
          fileName: isMediaMsgType(v.msgType) ? v.fileName || undefined : undefined,
        });
        void message.success(t('simulator.sent', { msgId: res.msgId }));
      }
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  const required = (label: string) => [
    { required: true, message: t('msg.fieldRequired', { field: t(label) }) },
  ];

  return (
    <Card title={t('simulator.writeTitle')} size="small">
      <Form<InboundForm>
        form={form}
        layout="vertical"
        initialValues={{ talkType: 1, msgType: MSG_TYPE.text, content: '' }}
        onValuesChange={(changed: Partial<InboundForm>) => {
          if ('workWxid' in changed || 'talkType' in changed) {
            form.setFieldsValue({ fromWxid: undefined, memberWxid: undefined });
          }
          if ('fromWxid' in changed) form.setFieldsValue({ memberWxid: undefined });
        }}
      >
        <Form.Item
          name="workWxid"
          label={t('simulator.account')}
          rules={[{ required: true, message: t('msg.workAccountRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('simulator.pickAccount')}
            options={accounts.map((a) => ({ value: a.wxid, label: `${a.nickname} (${a.wxid})` }))}
            data-testid="sim-write-account"
          />
        </Form.Item>
        <Form.Item name="talkType" label={t('simulator.talkType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('simulator.single') },
              { value: 2, label: t('simulator.group') },
            ]}
          />
        </Form.Item>
        {talkType === 1 ? (
          <Form.Item
            name="fromWxid"
            label={t('simulator.from')}
            extra={t('simulator.fromHint')}
            rules={required('simulator.from')}
          >
            <AutoComplete
              allowClear
              options={(contacts.data?.contacts ?? []).map((c) => ({
                value: c.wxid,
                label: `${c.remark || c.nickname} (${c.wxid})`,
              }))}
              filterOption={(input, o) =>
                String(o?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
              data-testid="sim-write-from"
            />
          </Form.Item>
        ) : (
          <Flex gap={8}>
            <Form.Item
              name="fromWxid"
              label={t('simulator.chatGroup')}
              rules={required('simulator.chatGroup')}
              style={{ flex: 1 }}
            >
              <Select
                showSearch
                optionFilterProp="label"
                options={(contacts.data?.groups ?? []).map((g) => ({
                  value: g.groupId,
                  label: g.name,
                }))}
                data-testid="sim-write-group"
              />
            </Form.Item>
            <Form.Item name="memberWxid" label={t('simulator.member')} style={{ flex: 1 }}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('simulator.memberHint')}
                options={members.map((m) => ({ value: m.wxid, label: m.nickname }))}
              />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="msgType" label={t('simulator.msgType')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={MSG_TYPES.map((n) => ({
              value: n,
              label: `${n} · ${t(`simulator.msgTypes.${MSG_TYPE_NAME[n]}`)}`,
            }))}
            data-testid="sim-write-type"
          />
        </Form.Item>
        {isMediaMsgType(msgType) && (
          <Form.Item
            name="fileName"
            label={t('simulator.fileName')}
            extra={t('simulator.mediaHint')}
          >
            <Input maxLength={255} />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('simulator.content')}
          dependencies={['msgType']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value?: string) => {
                if (contentProblem(getFieldValue('msgType') as number, value ?? '')) {
                  throw new Error(t('simulator.badJson'));
                }
              },
            }),
          ]}
          extra={
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => form.setFieldsValue({ content: exampleContent(msgType) })}
            >
              {t('simulator.example')}
            </Button>
          }
        >
          <Input.TextArea
            rows={4}
            maxLength={10_000}
            placeholder={t('simulator.contentHint')}
            data-testid="sim-write-content"
          />
        </Form.Item>
        <Space>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy === 'send'}
            onClick={() => void run('send').catch(() => undefined)}
            data-testid="sim-write-send"
          >
            {t('simulator.send')}
          </Button>
          <Button
            icon={<ThunderboltOutlined />}
            loading={busy === 'generate'}
            onClick={() => void run('generate').catch(() => undefined)}
          >
            {t('simulator.generate')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
