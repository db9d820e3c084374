import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_TYPE,
  type MaterialAddBody,
  type MaterialEditBody,
  type MaterialItem,
} from '@cst/shared';
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

/** The typed-in kind of an item, or null for a file (picture, video, voice, document). */
export function addKindOf(item: MaterialItem): AddKind | null {
  if (item.type === MATERIAL_TYPE.text) return 'text';
  if (item.type === MATERIAL_TYPE.link) return 'link';
  if (item.type === MATERIAL_TYPE.miniProgram) return 'miniApp';
  return null;
}

/** A file's only editable field: its title. */
const FILE_FIELDS: FieldSpec[] = [
  {
    kind: 'text',
    name: 'title',
    label: 'material.itemTitle',
    requiredMessage: 'msg.materialTitleRequired',
    testId: 'material-edit-title',
  },
];

/** The form's values of a saved item. */
function valuesOf(item: MaterialItem): Values {
  const card = (item.card ?? {}) as Record<string, string | undefined>;
  return { title: item.title, content: item.content || undefined, ...card };
}

/** The edit of a saved item: what its kind may change (title, text, card). */
function editOf(item: MaterialItem, v: Values): MaterialEditBody {
  const kind = addKindOf(item);
  if (kind === 'text')
    return { id: item.id, title: v.title?.trim() ?? '', content: v.content ?? '' };
  if (kind === null) return { id: item.id, title: v.title ?? '' };
  const card =
    kind === 'link'
      ? { url: v.url?.trim() ?? '', description: opt(v.description), thumbUrl: opt(v.thumbUrl) }
      : {
          appId: v.appId ?? '',
          appName: opt(v.appName),
          pagePath: v.pagePath ?? '',
          thumbUrl: opt(v.thumbUrl),
        };
  return { id: item.id, title: v.title ?? '', card };
}

/** Changes a saved item: a text's words, a link's or mini-program's card, a file's title. */
export function EditMaterialModal({
  item,
  onClose,
}: {
  item: MaterialItem | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const kind = item ? addKindOf(item) : null;
  return (
    <FormModal<Values>
      key={item?.id ?? 'none'}
      open={item !== null}
      title={t('material.editItem')}
      onClose={onClose}
      initialValues={item ? valuesOf(item) : undefined}
      okTestId="material-edit-ok"
      onSubmit={async (v) => {
        if (!item) return;
        await materialApi.edit(editOf(item, v));
        void message.success(t('material.saved'));
      }}
    >
      {item && <FormFields fields={kind ? FIELDS[kind] : FILE_FIELDS} />}
    </FormModal>
  );
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
