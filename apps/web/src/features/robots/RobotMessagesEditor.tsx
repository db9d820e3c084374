import { App, Button, Card, Flex, Form, Image, Input, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_TYPES_FOR_MESSAGES,
  MAX_ROBOT_MESSAGES,
  type MaterialItem,
  type RobotMessage,
  type RobotMessageKind,
} from '@cst/shared';
import { MaterialRefView, PickMaterialButton } from '../material/PickMaterialButton.tsx';
import { uploadChatFile } from '../media/upload.ts';

const KINDS: RobotMessageKind[] = ['text', 'image', 'file', 'video', 'link', 'miniProgram'];
const ACCEPT: Partial<Record<RobotMessageKind, string>> = {
  image: 'image/*',
  video: 'video/*',
};

/** Props of {@link RobotMessagesEditor}. */
export interface RobotMessagesEditorProps {
  /** The form list's name. */
  name: string;
  testId: string;
}

/** One uploaded file field: an upload button that fills the message's fileUrl and fileName. */
function FileField({ list, field, kind }: { list: string; field: number; kind: RobotMessageKind }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const name = Form.useWatch([list, field, 'fileName'], form) as string | undefined;
  const url = Form.useWatch([list, field, 'fileUrl'], form) as string | undefined;
  return (
    <Flex gap={8} align="center">
      <Form.Item
        name={[field, 'fileUrl']}
        rules={[{ required: true, message: t('msg.robotFileInvalid') }]}
        noStyle
      >
        <Input type="hidden" />
      </Form.Item>
      {/* A field of its own, or the form's values (what is saved) and watches leave the name out. */}
      <Form.Item name={[field, 'fileName']} noStyle>
        <Input type="hidden" />
      </Form.Item>
      <Upload
        accept={ACCEPT[kind]}
        showUploadList={false}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            const f = file as File;
            const r = await uploadChatFile(f, 'robot', 'reply');
            const rows = form.getFieldValue(list) as Record<string, unknown>[];
            rows[field] = { ...rows[field], fileUrl: r.url, fileName: f.name };
            form.setFieldValue(list, [...rows]);
          } catch (err) {
            void message.error(err instanceof Error ? err.message : t('robots.msg.upload'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button loading={busy}>{t('robots.msg.upload')}</Button>
      </Upload>
      {kind === 'image' && url && (
        <Image
          src={url}
          alt={name ?? ''}
          width={64}
          height={64}
          style={{ objectFit: 'contain' }}
          data-testid="robot-msg-picture"
        />
      )}
      {name && (
        <Typography.Text type="secondary">{t('robots.msg.uploaded', { name })}</Typography.Text>
      )}
    </Flex>
  );
}

/** Whether a message is an untouched text (a material pick takes its place). */
const isBlank = (m: Partial<RobotMessage> | undefined) =>
  m?.kind === 'text' && !(m.content ?? '').trim();

/** The messages of a rule or greeting: 1–5, each of a kind the composer sends. */
export function RobotMessagesEditor({ name, testId }: RobotMessagesEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch(name, form) ?? []) as Partial<RobotMessage>[];
  const handlePick = (items: MaterialItem[]) => {
    const kept = ((form.getFieldValue(name) ?? []) as RobotMessage[]).filter((m) => !isBlank(m));
    const picked = items.map((x): RobotMessage => ({ kind: 'material', materialId: x.id }));
    form.setFieldValue(name, [...kept, ...picked].slice(0, MAX_ROBOT_MESSAGES));
  };
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid={testId}>
          {fields.map((f, i) => (
            <MessageCard
              key={f.key}
              list={name}
              field={f.name}
              index={i}
              onRemove={() => remove(f.name)}
            />
          ))}
          <Flex gap={8} wrap>
            <Button
              onClick={() => add({ kind: 'text', content: '' } satisfies RobotMessage)}
              disabled={fields.length >= MAX_ROBOT_MESSAGES}
              data-testid={`${testId}-add`}
            >
              {t('robots.msg.add')} ({t('robots.msg.max')})
            </Button>
            <PickMaterialButton
              types={MATERIAL_TYPES_FOR_MESSAGES}
              max={MAX_ROBOT_MESSAGES - rows.filter((m) => !isBlank(m)).length}
              onPick={handlePick}
              testId={`${testId}-material`}
            />
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}

function MessageCard(props: { list: string; field: number; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind = (Form.useWatch([props.list, props.field, 'kind'], form) ??
    'text') as RobotMessageKind;
  const req = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  return (
    <Card
      size="small"
      title={`#${props.index + 1}`}
      extra={
        <Button type="link" danger size="small" onClick={props.onRemove}>
          {t('robots.msg.remove')}
        </Button>
      }
    >
      {kind === 'material' && <MaterialField list={props.list} field={props.field} />}
      <Form.Item
        name={[props.field, 'kind']}
        label={t('robots.msg.kind')}
        hidden={kind === 'material'}
      >
        <Select
          options={KINDS.map((k) => ({ value: k, label: t(`robots.msg.${k}`) }))}
          style={{ width: 160 }}
          data-testid={`robot-msg-kind-${props.index}`}
        />
      </Form.Item>
      {kind === 'text' && (
        <Form.Item name={[props.field, 'content']} rules={req('msg.textOrImageRequired')}>
          <Input.TextArea
            rows={2}
            maxLength={2000}
            placeholder={t('robots.msg.content')}
            data-testid={`robot-msg-text-${props.index}`}
          />
        </Form.Item>
      )}
      {(kind === 'image' || kind === 'file' || kind === 'video') && (
        <FileField list={props.list} field={props.field} kind={kind} />
      )}
      {kind === 'link' && (
        <>
          <Form.Item name={[props.field, 'title']} rules={req('msg.linkTitleRequired')}>
            <Input maxLength={200} placeholder={t('robots.msg.title')} />
          </Form.Item>
          <Form.Item name={[props.field, 'url']} rules={req('msg.linkUrlInvalid')}>
            <Input maxLength={2048} placeholder={t('robots.msg.url')} />
          </Form.Item>
          <Form.Item name={[props.field, 'description']}>
            <Input maxLength={500} placeholder={t('robots.msg.description')} />
          </Form.Item>
        </>
      )}
      {kind === 'miniProgram' && (
        <>
          <Form.Item name={[props.field, 'title']} rules={req('msg.miniAppFieldsRequired')}>
            <Input maxLength={200} placeholder={t('robots.msg.title')} />
          </Form.Item>
          <Form.Item name={[props.field, 'appId']} rules={req('msg.miniAppFieldsRequired')}>
            <Input maxLength={64} placeholder={t('robots.msg.appId')} />
          </Form.Item>
          <Form.Item name={[props.field, 'appName']}>
            <Input maxLength={100} placeholder={t('robots.msg.appName')} />
          </Form.Item>
          <Form.Item name={[props.field, 'pagePath']} rules={req('msg.miniAppFieldsRequired')}>
            <Input maxLength={1024} placeholder={t('robots.msg.pagePath')} />
          </Form.Item>
        </>
      )}
    </Card>
  );
}

/** A message that is an item of the library: shown, its id kept in the form. */
function MaterialField({ list, field }: { list: string; field: number }) {
  const form = Form.useFormInstance();
  const id = Form.useWatch([list, field, 'materialId'], form) as string | undefined;
  return (
    <>
      <Form.Item name={[field, 'materialId']} hidden>
        <Input />
      </Form.Item>
      <MaterialRefView materialId={id ?? ''} />
    </>
  );
}

/** Drops the fields of other kinds a message kept while its kind was switched. */
export function cleanMessages(list: Record<string, unknown>[] | undefined): RobotMessage[] {
  const keep: Record<RobotMessageKind, string[]> = {
    text: ['content'],
    image: ['fileUrl', 'fileName'],
    file: ['fileUrl', 'fileName'],
    video: ['fileUrl', 'fileName'],
    link: ['title', 'description', 'url'],
    miniProgram: ['title', 'appId', 'appName', 'pagePath'],
    material: ['materialId'],
  };
  return (list ?? []).map((m) => {
    const kind = m.kind as RobotMessageKind;
    const out: Record<string, unknown> = { kind };
    for (const k of keep[kind] ?? []) if (m[k] !== undefined && m[k] !== '') out[k] = m[k];
    return out as RobotMessage;
  });
}
