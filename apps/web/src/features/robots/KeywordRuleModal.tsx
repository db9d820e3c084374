import { App, Checkbox, Flex, Form, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeywordRuleCreateBody, KeywordRuleItem, TalkType } from '@cst/shared';
import { robotsApi } from './api.ts';
import { cleanMessages, RobotMessagesEditor } from './RobotMessagesEditor.tsx';
import { useRobotAccounts } from './useRobotAccounts.ts';

interface Values {
  keywords: string[];
  matchMode: 'exact' | 'contains';
  workWxids: string[];
  talkTypes: TalkType[];
  mentionOnly: boolean;
  replies: Record<string, unknown>[];
  enabled: boolean;
  priority: number;
  cooldownSec: number;
}

function valuesOf(r: KeywordRuleItem | null): Values {
  return {
    keywords: r?.keywords ?? [],
    matchMode: r?.matchMode ?? 'contains',
    workWxids: r?.scope.workWxids ?? [],
    talkTypes: r?.scope.talkTypes ?? [1],
    mentionOnly: r?.scope.mentionOnly ?? false,
    replies: r?.replies ?? [{ kind: 'text', content: '' }],
    enabled: r?.enabled ?? true,
    priority: r?.priority ?? 0,
    cooldownSec: r?.cooldownSec ?? 0,
  };
}

/** Props of {@link KeywordRuleModal}: the rule edited, 'new', or null (closed). */
export interface KeywordRuleModalProps {
  target: KeywordRuleItem | 'new' | null;
  onClose: (saved: boolean) => void;
}

/** Adds or edits a keyword rule. */
export function KeywordRuleModal({ target, onClose }: KeywordRuleModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const accounts = useRobotAccounts();
  const rule = target === 'new' ? null : target;
  useEffect(() => {
    if (target) form.setFieldsValue(valuesOf(target === 'new' ? null : target));
  }, [target, form]);
  const handleOk = async () => {
    // A field left wrong shows its message beside it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const replies = cleanMessages(v.replies);
    if (replies.length === 0) {
      void message.error(t('msg.textOrImageRequired'));
      return;
    }
    const body: KeywordRuleCreateBody = {
      keywords: v.keywords,
      matchMode: v.matchMode,
      scope: { workWxids: v.workWxids ?? [], talkTypes: v.talkTypes, mentionOnly: v.mentionOnly },
      replies,
      enabled: v.enabled,
      priority: v.priority,
      cooldownSec: v.cooldownSec,
    };
    setSaving(true);
    try {
      if (rule) await robotsApi.modifyRule(rule.id, body);
      else await robotsApi.createRule(body);
      void message.success(t('common.saved'));
      onClose(true);
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={t(rule ? 'robots.kw.edit' : 'robots.kw.add')}
      onCancel={() => onClose(false)}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'kw-rule-ok' } as never}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="keywords"
          label={t('robots.kw.keywords')}
          extra={t('robots.accept.keywordsHint')}
          rules={[{ required: true, message: t('msg.keywordTargetRequired') }]}
        >
          <Select mode="tags" open={false} maxCount={50} data-testid="kw-rule-keywords" />
        </Form.Item>
        <Form.Item name="matchMode" label={t('robots.kw.matchMode')}>
          <Radio.Group>
            <Radio value="contains">{t('robots.kw.contains')}</Radio>
            <Radio value="exact">{t('robots.kw.exact')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="workWxids" label={t('robots.kw.accounts')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('robots.kw.allAccounts')}
            showSearch={{ optionFilterProp: 'label' }}
            options={accounts}
            data-testid="kw-rule-accounts"
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="talkTypes"
            label={t('robots.kw.talkTypes')}
            rules={[{ required: true, message: t('msg.keywordTargetRequired') }]}
          >
            <Checkbox.Group
              options={[
                { value: 1, label: t('robots.kw.single') },
                { value: 2, label: t('robots.kw.group') },
              ]}
            />
          </Form.Item>
          <Form.Item name="mentionOnly" label={t('robots.kw.mentionOnly')} valuePropName="checked">
            <Switch size="small" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('robots.kw.replies')} required>
          <RobotMessagesEditor name="replies" testId="kw-rule-replies" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="priority"
            label={t('robots.kw.priority')}
            tooltip={t('robots.kw.priorityHint')}
          >
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="cooldownSec" label={t('robots.kw.cooldown')}>
            <InputNumber min={0} max={86_400} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
