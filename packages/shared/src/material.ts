import { z } from 'zod';
import { talkTypeSchema } from './chat.ts';
import { listResult, pageQuery } from './envelope.ts';
import { MB } from './files.ts';
import { isStorableText } from './groups.ts';
import type { Text } from './i18n.ts';
import type { Permission } from './permissions.ts';
import { messageIdValue } from './talk.ts';
import { idString } from './validation.ts';

/**
 * Who may read the library (its folders and items, in the composer's panel and the forms'
 * pickers): a seat that chats, or whoever manages the library. Changing it takes library.manage.
 */
export const MATERIAL_READ_PERMISSIONS = [
  'conversation.send',
  'conversation.read',
  'library.manage',
] as const satisfies readonly Permission[];

/** Server messages of the material library (issue 18 §1; SPEC.md §5, §8). */
export const materialMessages = {
  materialFolderNameRequired: { 'zh-CN': '请输入文件夹名称', en: 'Enter a folder name' },
  materialFolderNameTaken: { 'zh-CN': '已有同名文件夹', en: 'A folder with this name exists' },
  materialFolderNotFound: { 'zh-CN': '文件夹不存在', en: 'The folder does not exist' },
  materialFolderRequired: { 'zh-CN': '请先选择文件夹', en: 'Choose a folder first' },
  materialNotFound: { 'zh-CN': '素材不存在', en: 'The material does not exist' },
  materialTextRequired: { 'zh-CN': '文本内容不能为空', en: 'The text cannot be empty' },
  materialTitleRequired: { 'zh-CN': '标题不能为空', en: 'The title cannot be empty' },
  materialFieldNotEditable: {
    'zh-CN': '该类素材没有此项内容，无法修改',
    en: 'This kind of material has no such content to change',
  },
  materialTooManyImages: {
    'zh-CN': '图片一次最多上传 9 张',
    en: 'At most 9 pictures can be uploaded at once',
  },
  materialImageTooLarge: {
    'zh-CN': '图片不能超过 5M',
    en: 'Pictures cannot be larger than 5M',
  },
  materialImageTooSmall: {
    'zh-CN': '图片尺寸不能小于 200×200',
    en: 'Pictures must be at least 200×200',
  },
  materialImageTooManyPixels: {
    'zh-CN': '图片尺寸过大',
    en: 'The picture’s dimensions are too large',
  },
  materialOneVideo: { 'zh-CN': '视频一次只能上传一个', en: 'Upload one video at a time' },
  materialVideoTooLarge: { 'zh-CN': '视频不能超过 10M', en: 'Videos cannot be larger than 10M' },
  materialVideoTooLong: {
    'zh-CN': '视频时长不能超过 30 秒',
    en: 'Videos cannot be longer than 30 seconds',
  },
  materialVideoUnreadable: {
    'zh-CN': '无法读取视频时长，请上传 MP4 视频',
    en: 'The video’s duration cannot be read; upload an MP4 video',
  },
  materialOneFile: { 'zh-CN': '文件一次只能上传一个', en: 'Upload one file at a time' },
  materialFileTooLarge: { 'zh-CN': '文件不能超过 10M', en: 'Files cannot be larger than 10M' },
  materialMixedUpload: {
    'zh-CN': '图片、视频和文件需分开上传',
    en: 'Upload pictures, videos and files separately',
  },
  materialTypeNotAllowed: {
    'zh-CN': '只能添加文本/图片/文件/语音/视频/公众号类型',
    en: 'Only text/image/file/audio/video/public-account types can be added',
  },
  materialDownloadFirst: {
    'zh-CN': '联系人发来的文件需先下载，才能上传到素材库',
    en: 'A file from a contact must be downloaded before upload to material',
  },
  materialNotForMessages: {
    'zh-CN': '此处只能使用文本、图片、视频、文件、链接或小程序素材',
    en: 'Only text, image, video, file, link or mini-program material can be used here',
  },
  materialNotForMoments: {
    'zh-CN': '朋友圈只能使用图片或视频素材',
    en: 'Only image or video material can be posted to moments',
  },
  materialTextTooLong: {
    'zh-CN': '素材文本超过此处允许的长度',
    en: 'The material’s text is longer than allowed here',
  },
} satisfies Record<string, Text>;

/** SPEC.md §3's material resource types. */
export const MATERIAL_TYPE = {
  text: 1,
  image: 2,
  video: 3,
  voice: 4,
  document: 5,
  link: 6,
  miniProgram: 7,
} as const;
export type MaterialType = (typeof MATERIAL_TYPE)[keyof typeof MATERIAL_TYPE];
export const MATERIAL_TYPES = Object.values(MATERIAL_TYPE) as MaterialType[];

/** Message type → material type (SPEC.md §3): which messages can be added to the library. */
export const MATERIAL_TYPE_OF_MSG: Readonly<Record<number, MaterialType>> = {
  1: 1,
  2: 2,
  5: 3,
  6: 4,
  3: 5,
  15: 6,
  14: 7,
};
/** Material type → the message type it is sent as. */
export const MSG_TYPE_OF_MATERIAL: Readonly<Record<MaterialType, number>> = {
  1: 1,
  2: 2,
  3: 5,
  4: 6,
  5: 3,
  6: 15,
  7: 14,
};

/**
 * Material types that can be a message of a greeting, keyword reply or mass send (issue 15: text,
 * image, file, video, link, mini-program — not voice).
 */
export const MATERIAL_TYPES_FOR_MESSAGES: readonly MaterialType[] = [1, 2, 3, 5, 6, 7];
/** Material types a moment post takes as its pictures or video. */
export const MATERIAL_TYPES_FOR_MOMENTS: readonly MaterialType[] = [2, 3];

/**
 * A message made of a library item (`{kind: 'material', materialId}`), accepted wherever the
 * greeting, keyword-reply and mass-send forms take messages. The server resolves it at save time
 * into the message of the item's type (404 when the item is not the caller's tenant's, 400 when
 * its type is not allowed there).
 */
export const materialMessageRef = z.object({
  kind: z.literal('material'),
  materialId: idString,
});
export type MaterialMessageRef = z.infer<typeof materialMessageRef>;

/** SPEC.md §5 limits of material uploads. */
export const MATERIAL_IMAGES_PER_UPLOAD = 9;
export const MATERIAL_IMAGE_MAX_BYTES = 5 * MB;
export const MATERIAL_IMAGE_MIN_SIDE = 200;
/** Pictures whose header declares more pixels are refused before they are decoded. */
export const MATERIAL_IMAGE_MAX_PIXELS = 40_000_000;
export const MATERIAL_VIDEO_MAX_BYTES = 10 * MB;
export const MATERIAL_VIDEO_MAX_MS = 30_000;
export const MATERIAL_FILE_MAX_BYTES = 10 * MB;
export const MAX_MATERIAL_FOLDER_NAME = 30;
export const MAX_MATERIAL_TEXT = 4000;
export const MAX_MATERIAL_TITLE = 100;

const storable = (max: number) => z.string().max(max).refine(isStorableText);
const requiredText = (max: number, key: keyof typeof materialMessages) =>
  z
    .string({ error: key })
    .max(max)
    .refine(isStorableText)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: key }));
const materialTypeSchema = z.union(MATERIAL_TYPES.map((t) => z.literal(t)));

/** A folder with how many items it holds. */
export const materialFolderItem = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type MaterialFolderItem = z.infer<typeof materialFolderItem>;
export const materialFolderList = z.object({ list: z.array(materialFolderItem) });

export const materialFolderAddBody = z.object({
  name: requiredText(MAX_MATERIAL_FOLDER_NAME, 'materialFolderNameRequired'),
});
export const materialFolderEditBody = materialFolderAddBody.extend({ id: idString });
export const materialIdBody = z.object({ id: idString });

/** A link or mini-program card. */
export const materialCard = z.object({
  url: z.string().optional(),
  description: z.string().optional(),
  thumbUrl: z.string().optional(),
  appId: z.string().optional(),
  appName: z.string().optional(),
  pagePath: z.string().optional(),
});
export type MaterialCard = z.infer<typeof materialCard>;

/** An item of the library as the panel and the page show it. */
export const materialItem = z.object({
  id: z.string(),
  folderId: z.string(),
  type: z.number(),
  title: z.string(),
  content: z.string(),
  card: materialCard.nullable(),
  fileUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationMs: z.number().nullable(),
  createdAt: z.number(),
});
export type MaterialItem = z.infer<typeof materialItem>;

/** `material/list`: a folder's (or the tenant's) items, newest first, by type and keyword. */
export const materialListBody = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  folderId: idString.optional(),
  type: materialTypeSchema.optional(),
  keyword: storable(64).optional(),
});
export type MaterialListBody = z.input<typeof materialListBody>;
export const materialListResult = listResult(materialItem);
export type MaterialListResult = z.infer<typeof materialListResult>;

/** `material/add`: a text, a shared link or a mini-program typed in. */
export const materialAddBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(MATERIAL_TYPE.text),
    folderId: idString,
    title: storable(MAX_MATERIAL_TITLE).optional(),
    content: requiredText(MAX_MATERIAL_TEXT, 'materialTextRequired'),
  }),
  z.object({
    type: z.literal(MATERIAL_TYPE.link),
    folderId: idString,
    title: requiredText(MAX_MATERIAL_TITLE, 'materialTitleRequired'),
    url: storable(1024),
    description: storable(500).optional(),
    thumbUrl: storable(1024).optional(),
  }),
  z.object({
    type: z.literal(MATERIAL_TYPE.miniProgram),
    folderId: idString,
    title: requiredText(MAX_MATERIAL_TITLE, 'materialTitleRequired'),
    appId: requiredText(128, 'materialTitleRequired'),
    appName: storable(64).optional(),
    pagePath: requiredText(512, 'materialTitleRequired'),
    thumbUrl: storable(1024).optional(),
  }),
]);
export type MaterialAddBody = z.input<typeof materialAddBody>;

/**
 * `material/edit`: rename or move an item, and change what a typed-in one says — a text's
 * `content`, a link's or mini-program's `card` (replaced whole, checked as when added).
 */
export const materialEditBody = z.object({
  id: idString,
  title: storable(MAX_MATERIAL_TITLE).optional(),
  folderId: idString.optional(),
  content: requiredText(MAX_MATERIAL_TEXT, 'materialTextRequired').optional(),
  card: z
    .object({
      url: storable(1024).optional(),
      description: storable(500).optional(),
      appId: storable(128).optional(),
      appName: storable(64).optional(),
      pagePath: storable(512).optional(),
      thumbUrl: storable(1024).optional(),
    })
    .optional(),
});
export type MaterialEditBody = z.input<typeof materialEditBody>;
export const materialDeleteBody = z.object({ ids: z.array(idString).min(1).max(200) });

/** `material/from-message`: a chat message into a folder (SPEC.md §3 mapping). */
export const materialFromMessageBody = z.object({
  folderId: idString,
  messageId: messageIdValue,
});

/** `material/send`: an item into a conversation, through the outbox. */
export const materialSendBody = z.object({
  workWxid: z.string().min(1).max(128),
  receiver_id: z.string().min(1).max(128),
  talkType: talkTypeSchema,
  sendingUUid: z.string().min(1).max(64),
  materialId: idString,
});
export type MaterialSendBody = z.infer<typeof materialSendBody>;

/** What `material/upload` stored. */
export const materialUploadResult = z.object({ list: z.array(materialItem) });
