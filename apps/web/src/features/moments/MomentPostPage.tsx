import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MOMENT_MAX_SPREAD_MIN,
  MOMENT_TEXT_MAX,
  momentPostCreateBody,
  type MomentVisibility,
} from '@cst/shared';
import { FormField } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { usePlatformCapabilities } from '../accounts/CapabilityGate.tsx';
import { useTagGroups } from '../tags/api.ts';
import { momentsApi } from './api.ts';
import { MomentMediaPicker, type PickedMedia } from './MomentMediaPicker.tsx';
// The material library offers its pictures and videos in the composer (registers its picker).
import '../material/MomentMaterialPicker.tsx';
import { MomentsUnsupported, useMomentsSupported } from './MomentsUnsupported.tsx';
import './moments.css';

type ContentKind = 'none' | 'image' | 'video' | 'link';

interface PostValues {
  workWxids: string[];
  text: string;
  kind: ContentKind;
  media: PickedMedia[];
  linkTitle: string;
  linkUrl: string;
  visibility: MomentVisibility;
  tagIds: string[];
  sendType: 'now' | 'scheduled';
  sendAt?: Dayjs;
  spreadMinutes: number;
}

const DEFAULTS: Partial<PostValues> = {
  kind: 'none',
  media: [],
  visibility: 'all',
  tagIds: [],
  sendType: 'now',
  spreadMinutes: 0,
};

const shape = momentPostCreateBody.shape;

/**
 * Post a moment (/moments): work accounts, text with pictures, a video or a link, who may see it,
 * now or at a time with a random spread of minutes; each account's post is a scheduler job.
 */
export function MomentPostPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PostValues>();
  const [saving, setSaving] = useState(false);
  const supported = useMomentsSupported();
  const caps = usePlatformCapabilities();
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const { data: tagGroups } = useTagGroups();
  const kind = Form.useWatch<ContentKind>('kind', form) ?? 'none';
  const visibility = Form.useWatch<MomentVisibility>('visibility', form) ?? 'all';
  const sendType = Form.useWatch<'now' | 'scheduled'>('sendType', form) ?? 'now';
  const accounts = switcher?.wxAccount ?? [];
  const byTags = caps.can('momentVisibility');

  const handleSubmit = async (v: PostValues) => {
    setSaving(true);
    try {
      const media = v.kind === 'image' || v.kind === 'video' ? v.media : [];
      await momentsApi.create({
        workWxids: v.workWxids,
        text: v.text ?? '',
        media: media.map((m) => ({
          fileUrl: m.fileUrl,
          ...(m.materialId ? { materialId: m.materialId } : {}),
          ...(m.durationMs !== undefined ? { durationMs: m.durationMs } : {}),
        })),
        ...(v.kind === 'link' ? { link: { title: v.linkTitle ?? '', url: v.linkUrl } } : {}),
        visibility: v.visibility,
        tagIds: v.visibility === 'tags' ? v.tagIds : [],
        sendType: v.sendType,
        ...(v.sendType === 'scheduled' && v.sendAt ? { sendAt: v.sendAt.valueOf() } : {}),
        spreadMinutes: v.spreadMinutes ?? 0,
      });
      message.success(
        <span data-testid="moment-posted">
          {t('moments.post.posted', { count: new Set(v.workWxids).size })}{' '}
          <Link to="/moments/history">{t('moments.post.toHistory')}</Link>
        </span>,
      );
      form.resetFields();
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('moments.post.title')} data-testid="moment-post" className="moment-post-card">
      <MomentsUnsupported />
      <Typography.Paragraph type="secondary">{t('moments.post.notice')}</Typography.Paragraph>
      <Form<PostValues>
        form={form}
        layout="vertical"
        initialValues={DEFAULTS}
        disabled={!supported}
        onFinish={(v) => void handleSubmit(v)}
        style={{ maxWidth: 720 }}
      >
        <FormField name="workWxids" label={t('moments.post.accounts')} schema={shape.workWxids}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('moments.post.accountsPlaceholder')}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: `${a.remark || a.nickname || a.wxid} (${a.wxid})`,
            }))}
            data-testid="moment-accounts"
          />
        </FormField>
        <Form.Item name="text" label={t('moments.post.text')}>
          <Input.TextArea
            rows={4}
            maxLength={MOMENT_TEXT_MAX}
            showCount
            placeholder={t('moments.post.textPlaceholder')}
            data-testid="moment-text"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('moments.post.content')}>
          <Radio.Group
            onChange={() => form.setFieldValue('media', [])}
            options={[
              { value: 'none', label: t('moments.post.kindNone') },
              { value: 'image', label: t('moments.post.kindImages') },
              { value: 'video', label: t('moments.post.kindVideo') },
              { value: 'link', label: t('moments.post.kindLink') },
            ]}
            data-testid="moment-kind"
          />
        </Form.Item>
        {(kind === 'image' || kind === 'video') && (
          <Form.Item name="media" key={kind}>
            <MomentMediaPicker kind={kind} />
          </Form.Item>
        )}
        {kind === 'link' && (
          <Flex gap={12}>
            <Form.Item name="linkTitle" label={t('moments.post.linkTitle')} style={{ flex: 1 }}>
              <Input maxLength={200} data-testid="moment-link-title" />
            </Form.Item>
            <Form.Item
              name="linkUrl"
              label={t('moments.post.linkUrl')}
              style={{ flex: 2 }}
              rules={[
                { required: true, message: t('msg.momentLinkInvalid') },
                { pattern: /^https?:\/\/\S+$/i, message: t('msg.momentLinkInvalid') },
              ]}
            >
              <Input maxLength={2048} placeholder="https://" data-testid="moment-link-url" />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="visibility" label={t('moments.post.visibility')}>
          <Radio.Group data-testid="moment-visibility">
            <Radio value="all">{t('moments.post.visAll')}</Radio>
            <Tooltip title={byTags ? '' : t('moments.post.visTagsUnsupported')}>
              <Radio value="tags" disabled={!byTags}>
                {t('moments.post.visTags')}
              </Radio>
            </Tooltip>
          </Radio.Group>
        </Form.Item>
        {visibility === 'tags' && (
          <FormField
            name="tagIds"
            label={t('moments.post.tags')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('msg.momentTagsRequired') },
            ]}
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('moments.post.tagsPlaceholder')}
              options={(tagGroups ?? []).map((g) => ({
                label: g.name,
                title: g.name,
                options: g.tags.map((tag) => ({ value: tag.id, label: tag.name })),
              }))}
              data-testid="moment-tags"
            />
          </FormField>
        )}
        <Flex gap={12} wrap align="flex-start">
          <Form.Item name="sendType" label={t('moments.post.sendType')}>
            <Radio.Group
              options={[
                { value: 'now', label: t('moments.post.now') },
                { value: 'scheduled', label: t('moments.post.scheduled') },
              ]}
              data-testid="moment-send-type"
            />
          </Form.Item>
          {sendType === 'scheduled' && (
            <Form.Item
              name="sendAt"
              label={t('moments.post.sendAt')}
              rules={[{ required: true, message: t('msg.momentSendAtRequired') }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                data-testid="moment-send-at"
              />
            </Form.Item>
          )}
          <FormField
            name="spreadMinutes"
            label={t('moments.post.spread')}
            schema={shape.spreadMinutes}
            tooltip={t('moments.post.spreadHint')}
          >
            <InputNumber
              min={0}
              max={MOMENT_MAX_SPREAD_MIN}
              precision={0}
              data-testid="moment-spread"
            />
          </FormField>
        </Flex>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="moment-submit">
          {t('moments.post.submit')}
        </Button>
      </Form>
    </Card>
  );
}
