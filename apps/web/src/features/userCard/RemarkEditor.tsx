import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { friendRemarkBody, MAX_REMARK_LENGTH } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { userCardApi } from './api.ts';

/** Props of {@link RemarkEditor}. */
export interface RemarkEditorProps {
  workWxid: string;
  wxid: string;
  remark: string;
  /** Whether the caller may change it (contact.manage). */
  editable: boolean;
  onSaved: (remark: string) => void;
}

/**
 * A friend's remark with its editor: empty is refused with '备注名不能为空', an unchanged value just
 * closes the editor, then SPEC §8's success or failure message (SPEC §5).
 */
export function RemarkEditor({ workWxid, wxid, remark, editable, onSaved }: RemarkEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  const handleFinish = async ({ remark: value }: { remark: string }) => {
    const next = value.trim();
    if (next === remark) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await userCardApi.remark({ remark: next, friendWxid: wxid, uin: workWxid });
      void message.success(t('msg.friendRemarkChanged'));
      onSaved(next);
      setEditing(false);
    } catch {
      void message.error(t('msg.friendRemarkFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Space size={4} wrap>
        <Typography.Text data-testid="card-remark" type={remark ? undefined : 'secondary'}>
          {remark || t('userCard.noRemark')}
        </Typography.Text>
        {editable && (
          <Button
            type="link"
            size="small"
            data-testid="card-remark-edit"
            onClick={() => {
              form.setFieldsValue({ remark });
              setEditing(true);
            }}
          >
            {t('userCard.editRemark')}
          </Button>
        )}
      </Space>
    );
  }
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ remark }}
      onFinish={(v) => void handleFinish(v)}
      className="card-remark-form"
    >
      <Form.Item
        name="remark"
        rules={[zodRule(friendRemarkBody.shape.remark, t, t('userCard.remark'))]}
        style={{ flex: 1, marginInlineEnd: 8 }}
      >
        <Input
          autoFocus
          maxLength={MAX_REMARK_LENGTH}
          placeholder={t('userCard.remarkPlaceholder')}
          aria-label={t('userCard.remark')}
          data-testid="card-remark-input"
        />
      </Form.Item>
      <Space size={4}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="card-remark-save">
          {t('userCard.save')}
        </Button>
        <Button onClick={() => setEditing(false)}>{t('userCard.cancel')}</Button>
      </Space>
    </Form>
  );
}
