import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIAL_TYPE, type MaterialAddBody } from '@cst/shared';
import { FormFields, FormModal, type FieldSpec } from '../../components/listPage/index.ts';
import { materialApi } from './api.ts';

/** The typed-in kinds of material. */
export type AddKind = 'text' | 'link' | 'miniApp';

const TITLE: Record<AddKind, string> = {
  text: 'material.addText',
  link: 'material.addLink',
  miniApp: 'material.addMiniApp',
};

type Values = Record<string, string | undefined>;

const FIELDS: Record<AddKind, FieldSpec[]> = {
  text: [
    { kind: 'text', name: 'title', label: 'material.itemTitle' },
    {
      kind: 'textarea',
      name: 'content',
      label: 'material.content',
      requiredMessage: 'msg.materialTextRequired',
      rows: 6,
      testId: 'material-text-content',
    },
  ],
  link: [
    {
      kind: 'text',
      name: 'title',
      label: 'material.itemTitle',
      requiredMessage: 'msg.materialTitleRequired',
    },
    { kind: 'text', name: 'url', label: 'material.url', requiredMessage: 'msg.linkUrlInvalid' },
    { kind: 'text', name: 'description', label: 'material.description' },
    { kind: 'text', name: 'thumbUrl', label: 'material.thumbUrl' },
  ],
  miniApp: [
    {
      kind: 'text',
      name: 'title',
      label: 'material.itemTitle',
      requiredMessage: 'msg.materialTitleRequired',
    },
    {
      kind: 'text',
      name: 'appId',
      label: 'material.appId',
      requiredMessage: 'msg.miniAppFieldsRequired',
    },
    { kind: 'text', name: 'appName', label: 'material.appName' },
    {
      kind: 'text',
      name: 'pagePath',
      label: 'material.pagePath',
      requiredMessage: 'msg.miniAppFieldsRequired',
    },
    { kind: 'text', name: 'thumbUrl', label: 'material.thumbUrl' },
  ],
};

const opt = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

function bodyOf(kind: AddKind, folderId: string, v: Values): MaterialAddBody {
  switch (kind) {
    case 'text':
      return { type: MATERIAL_TYPE.text, folderId, title: opt(v.title), content: v.content ?? '' };
    case 'link':
      return {
        type: MATERIAL_TYPE.link,
        folderId,
        title: v.title ?? '',
        url: v.url?.trim() ?? '',
        description: opt(v.description),
        thumbUrl: opt(v.thumbUrl),
      };
    case 'miniApp':
      return {
        type: MATERIAL_TYPE.miniProgram,
        folderId,
        title: v.title ?? '',
        appId: v.appId ?? '',
        appName: opt(v.appName),
        pagePath: v.pagePath ?? '',
        thumbUrl: opt(v.thumbUrl),
      };
  }
}

/** Adds a text, shared link or mini-program to a folder. */
export function AddMaterialModal({
  kind,
  folderId,
  onClose,
}: {
  kind: AddKind | null;
  folderId: string;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <FormModal<Values>
      key={kind ?? 'none'}
      open={kind !== null}
      title={kind ? t(TITLE[kind]) : ''}
      onClose={onClose}
      okTestId="material-add-ok"
      onSubmit={async (v) => {
        if (!kind) return;
        await materialApi.add(bodyOf(kind, folderId, v));
        void message.success(t('material.saved'));
      }}
    >
      {kind && <FormFields fields={FIELDS[kind]} />}
    </FormModal>
  );
}
