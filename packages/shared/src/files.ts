import { z } from 'zod';
import type { Text } from './i18n.ts';
import { talkTypeSchema } from './chat.ts';

/** Server messages of uploads, downloads and rich sends. */
export const filesMessages = {
  uploadSignatureInvalid: {
    'zh-CN': '上传签名无效，请刷新上传凭证后重试',
    en: 'The upload signature is invalid, refresh the upload token and try again',
  },
  uploadPolicyExpired: {
    'zh-CN': '上传凭证已过期，请刷新后重试',
    en: 'The upload token has expired, refresh it and try again',
  },
  uploadPolicyInvalid: { 'zh-CN': '上传策略无效', en: 'The upload policy is invalid' },
  uploadKeyInvalid: {
    'zh-CN': '文件路径无效，必须位于上传目录内',
    en: 'The file key is invalid; it must lie inside the upload folder',
  },
  uploadKeyExists: {
    'zh-CN': '该文件路径已存在，请换一个文件名重新上传',
    en: 'A file already exists at this key; upload under a new name',
  },
  uploadFieldMissing: {
    'zh-CN': '缺少上传字段 {field}',
    en: 'The upload field {field} is missing',
  },
  uploadFileMissing: { 'zh-CN': '请选择要上传的文件', en: 'Choose a file to upload' },
  uploadNotMultipart: {
    'zh-CN': '上传请求必须是 multipart/form-data',
    en: 'An upload must be sent as multipart/form-data',
  },
  uploadTooLarge: {
    'zh-CN': '文件大小超出限制（最大 {max}）',
    en: 'The file is larger than allowed (at most {max})',
  },
  uploadEmpty: { 'zh-CN': '文件内容为空', en: 'The file is empty' },
  sliceIndexInvalid: {
    'zh-CN': '分片序号无效（应为 0 到 {last}）',
    en: 'The slice number is invalid (it must be 0 to {last})',
  },
  sliceSizeWrong: {
    'zh-CN': '分片大小不对：应为 {expected} 字节',
    en: 'The slice has the wrong size: it must be {expected} bytes',
  },
  slicesMissing: {
    'zh-CN': '还有 {count} 个分片未上传，请继续上传',
    en: '{count} slices have not arrived yet; continue the upload',
  },
  sliceUploadsFull: {
    'zh-CN':
      '未完成的上传过多（每人最多 {count} 个、共 {max}），请先完成正在进行的上传；超过 {hours} 小时未继续的上传会被自动清除',
    en: 'Too many unfinished uploads (at most {count} files and {max} per person): finish the ones under way first; uploads left for {hours} hours are removed automatically',
  },
  sliceUploadsTenantFull: {
    'zh-CN': '本公司未完成的上传已达上限（共 {max}），请稍后再试',
    en: "Your company's unfinished uploads have reached the limit ({max} in all); try again later",
  },
  /** A refusal about one file of several: its name, then the reason. */
  aboutFile: { 'zh-CN': '「{name}」：{reason}', en: '"{name}": {reason}' },
  uploadNotArrived: {
    'zh-CN': '文件尚未上传到存储，请重新上传',
    en: 'The file has not arrived in storage; upload it again',
  },
  fileTypeNotAllowed: {
    'zh-CN': '不支持的文件类型',
    en: 'This file type is not supported',
  },
  fileTypeMismatch: {
    'zh-CN': '文件内容与扩展名不符',
    en: 'The file content does not match its extension',
  },
  imageInvalid: { 'zh-CN': '图片已损坏或无法识别', en: 'The image is damaged or unreadable' },
  fileUrlInvalid: {
    'zh-CN': '文件地址无效，请重新上传',
    en: 'The file address is invalid, upload the file again',
  },
  fileKindMismatch: {
    'zh-CN': '文件类型与消息类型不符',
    en: 'The file type does not match the message type',
  },
  chatFileTooLarge: { 'zh-CN': '文件不能超过 25M', en: 'Files cannot be larger than 25M' },
  chatVideoTooLarge: { 'zh-CN': '视频不能超过 10M', en: 'Videos cannot be larger than 10M' },
  tooManyImages: {
    'zh-CN': '一次最多发送 5 张图片',
    en: 'At most 5 pictures can be sent at once',
  },
  tooManyFiles: {
    'zh-CN': '一次最多发送 5 个文件',
    en: 'At most 5 files can be sent at once',
  },
  downloadTooLarge: {
    'zh-CN': '文件过大，请到手机上下载',
    en: 'File too large, download it on the phone',
  },
  mediaUnavailable: {
    'zh-CN': '文件暂时无法获取，请稍后再试',
    en: 'The file cannot be fetched right now, try again later',
  },
  notMediaMessage: { 'zh-CN': '该消息没有文件', en: 'This message has no file' },
  imageAddressRefused: {
    'zh-CN': '该图片地址不可访问',
    en: 'This picture address cannot be reached',
  },
  imageProxyNotImage: { 'zh-CN': '该地址不是图片', en: 'This address is not a picture' },
  imageProxyTooLarge: {
    'zh-CN': '图片不能超过 5M',
    en: 'Pictures cannot be larger than 5M',
  },
  linkTitleRequired: { 'zh-CN': '标题不能为空', en: 'The title cannot be empty' },
  linkUrlInvalid: {
    'zh-CN': '链接地址必须以 http:// 或 https:// 开头',
    en: 'The link must start with http:// or https://',
  },
  miniAppFieldsRequired: {
    'zh-CN': '小程序的标题、AppID 和页面路径不能为空',
    en: 'The mini-program title, AppID and page path cannot be empty',
  },
  cardContactRequired: {
    'zh-CN': '请填写要发送名片的联系人（wxid）',
    en: 'Give the contact (wxid) whose card to send',
  },
  cardContactNotFound: {
    'zh-CN': '该工作号没有这个联系人，无法发送其名片',
    en: 'The work account has no such contact to send as a card',
  },
  locationInvalid: {
    'zh-CN': '位置无效：纬度在 -90 到 90 之间，经度在 -180 到 180 之间，并填写地址',
    en: 'Invalid location: latitude from -90 to 90, longitude from -180 to 180, and an address',
  },
  cardContactUnsupported: {
    'zh-CN': '无法发送此联系人的名片：平台需要其手机号，而该联系人的手机号未知',
    en: 'This contact’s card cannot be sent: the platform needs their phone number, which is not known',
  },
  sendCardUnsupported: {
    'zh-CN': '当前平台不支持发送名片',
    en: 'This platform cannot send contact cards',
  },
  sendLocationUnsupported: {
    'zh-CN': '当前平台不支持发送位置',
    en: 'This platform cannot send locations',
  },
  sendMiniProgramUnsupported: {
    'zh-CN': '当前平台不支持发送小程序',
    en: 'This platform cannot send mini-programs',
  },
} satisfies Record<string, Text>;

// ---- limits (SPEC §5, §9) ----------------------------------------------------------------------

/** 1 MB in bytes. */
export const MB = 1024 * 1024;
/** A chat file (any upload) is at most 25 MB. */
export const CHAT_FILE_MAX_BYTES = 25 * MB;
/** A chat video is at most 10 MB. */
export const CHAT_VIDEO_MAX_BYTES = 10 * MB;
/** At most 5 pictures per send. */
export const MAX_IMAGES_PER_SEND = 5;
/** Downloads of chat files above 10485760 bytes are refused. */
export const DOWNLOAD_MAX_BYTES = 10_485_760;
/** Media older than this (or sent by the operator) use the permanent address. */
export const MEDIA_PERMANENT_AFTER_MS = 4 * 3600_000;
/** Received images younger than this preview in high definition. */
export const HD_PREVIEW_MS = 7 * 86400_000;
/** Sticker and image thumbnails are 100 by 100. */
export const THUMBNAIL_SIZE = 100;
/**
 * The medium variant of a picture (SPEC §4: the bubble swaps the high-definition address for the
 * medium one): a JPEG fitting inside this many pixels, made beside the thumbnail when the picture
 * is larger; a smaller picture is its own medium variant.
 */
export const MEDIUM_IMAGE_SIZE = 1280;
/** A stored picture's medium variant lives beside it: `{key}.medium.jpg`. */
export const MEDIUM_SUFFIX = '.medium.jpg';

/**
 * The medium address of a picture's address: `{file}.medium.jpg` of a stored file, `&medium=1`
 * on a chat file download; any other address (outside pictures) as it is. The server answers a
 * medium address with the picture itself when it has no smaller variant.
 */
export function mediumAddressOf(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.startsWith(`${OSS_DEFAULT_HOST}/`)) {
    if (path.endsWith(MEDIUM_SUFFIX) || path.endsWith('.thumb.jpg')) return url;
    return `${path}${MEDIUM_SUFFIX}${q < 0 ? '' : url.slice(q)}`;
  }
  if (path === CHAT_FILE_DOWNLOAD_PATH) {
    if (/[?&](thumb|medium)=1(&|$)/.test(url)) return url;
    return `${url}${q < 0 ? '?' : '&'}medium=1`;
  }
  return url;
}

/** The storage token is valid 1 hour; the browser refreshes it every 50 minutes. */
export const OSS_TOKEN_TTL_MS = 3_600_000;
export const OSS_TOKEN_REFRESH_MS = 3_000_000;
/** The image proxy: outside pictures reach the browser only through it (docs/files-and-media.md). */
export const IMAGE_PROXY_PATH = '/api/v1/image-proxy';
/** The largest picture the image proxy fetches and serves. */
export const IMAGE_PROXY_MAX_BYTES = 5 * MB;
/** `GET /api/v1/image-proxy?url=`: an absolute http(s) picture address. */
export const imageProxyQuery = z.object({
  url: z
    .string()
    .max(2048)
    .regex(/^https?:\/\//i, { error: 'imageAddressRefused' }),
});

/** Where the browser uploads by default (the embedded store). */
export const OSS_DEFAULT_HOST = '/oss-api';
/** The download address of a chat file (the browser sends the file cookie with it). */
export const CHAT_FILE_DOWNLOAD_PATH = '/api/v1/download/user-chat-file';

/**
 * A path segment of an upload key (no slashes, dots-only or odd characters): a chat's files are
 * uploaded under `{dir}{segment(work account)}/{segment(contact)}/` (the SPA's upload layout),
 * which is how retention tells a chat's own files from a library's (docs/operations.md).
 */
export function uploadKeySegment(s: string): string {
  const clean = s.replace(/[^A-Za-z0-9_@.-]/g, '_').replace(/^\.+/, '_');
  return clean || '_';
}

/** The address of a stored file. */
export function ossUrl(key: string, host = OSS_DEFAULT_HOST): string {
  return `${host}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Whether a message should use the permanent address (SPEC §4 media choice). */
export function usesPermanentAddress(msg: { msgTime: number; sendSide: number }, now: number) {
  return msg.sendSide === 1 || now - msg.msgTime > MEDIA_PERMANENT_AFTER_MS;
}

/** The address to show a media message with: permanent or CDN by SPEC §4, with a token. */
export function mediaAddressFor(
  msg: { msgTime: number; sendSide: number; fileUrl: string | null; fileCdnUrl: string | null },
  now: number,
): string | null {
  if (usesPermanentAddress(msg, now)) return msg.fileUrl ?? msg.fileCdnUrl;
  return msg.fileCdnUrl ?? msg.fileUrl;
}

// ---- storage token ------------------------------------------------------------------------------

/** The storage token (API.md Files): the `token` of the response is this object as JSON. */
export const ossTokenPayload = z.object({
  host: z.string(),
  dir: z.string(),
  accessid: z.string(),
  policy: z.string(),
  signature: z.string(),
  /** Seconds since the epoch. */
  expire: z.number(),
  /**
   * With STORAGE=s3: the presigned POST's own form fields (sent as they are, beside `key` and
   * `file`), and the route that checks the arrived file and makes it usable.
   */
  fields: z.record(z.string(), z.string()).optional(),
  confirm: z.string().optional(),
});
export type OssTokenPayload = z.infer<typeof ossTokenPayload>;
export const ossTokenResult = z.object({ token: z.string() });
/** Where the browser confirms a direct bucket upload (STORAGE=s3). */
export const OSS_CONFIRM_PATH = '/main-api/oss/confirm';
/** The key a browser POSTed straight to the bucket, to be checked and made usable. */
export const ossConfirmBody = z.object({ key: z.string().min(1).max(600) });
export type OssConfirmBody = z.infer<typeof ossConfirmBody>;

/**
 * Uploads in slices (SPEC §7, §9: "uploaded in 1MB slices"): a file of `size` bytes for `key` (in
 * the caller's upload folder) goes as `ceil(size / 1 MB)` slices, each POSTed (multipart: `key`,
 * `size`, `index`, then `file`) to `SLICE_PATHS.put`; slices that arrived stay, so after a dropped
 * connection `SLICE_PATHS.status` says which are still missing and only those are sent again.
 * `SLICE_PATHS.complete` joins them into the file, checked like any upload.
 */
export const UPLOAD_SLICE_BYTES = MB;
export const SLICE_PATHS = {
  status: '/main-api/oss/slices/status',
  put: '/main-api/oss/slices/put',
  complete: '/main-api/oss/slices/complete',
} as const;
export const sliceUploadBody = z.object({
  key: z.string().min(1).max(600),
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type SliceUploadBody = z.infer<typeof sliceUploadBody>;
/** Where a sliced upload stands: how many slices it has and which arrived. */
export const sliceUploadState = z.object({
  sliceBytes: z.number().int(),
  count: z.number().int(),
  received: z.array(z.number().int()),
});
export type SliceUploadState = z.infer<typeof sliceUploadState>;

/** What an upload answers (status 200): the stored file. */
export const uploadResult = z.object({
  key: z.string(),
  url: z.string(),
  size: z.number(),
  mime: z.string(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumbUrl: z.string().nullable(),
});
export type UploadResult = z.infer<typeof uploadResult>;

// ---- rich sends (SPEC §7 Conversations) ---------------------------------------------------------

const peerFields = {
  workWxid: z.string().min(1).max(128),
  receiver_id: z.string().min(1).max(128),
  talkType: talkTypeSchema,
  sendingUUid: z.string().min(1).max(64),
};

/** The message types send-file sends: image, document, video, voice. */
export const SEND_FILE_TYPES = [2, 3, 5, 6] as const;

const fileRef = z.object({
  fileUrl: z.string({ error: 'fileUrlInvalid' }).min(1, { error: 'fileUrlInvalid' }).max(1024),
  fileName: z.string().max(255).optional(),
  sendingUUid: z.string().min(1).max(64).optional(),
  /** Voice and video length, when the browser knows it. */
  durationMs: z.number().int().min(0).max(3_600_000).optional(),
});

/** `/main-api/conv/send-file`: one file (`fileUrl`) or several (`files`, at most 5). */
export const sendFileBody = z
  .object({
    ...peerFields,
    msgType: z.union(SEND_FILE_TYPES.map((n) => z.literal(n))),
    fileUrl: z.string().max(1024).optional(),
    fileName: z.string().max(255).optional(),
    durationMs: z.number().int().min(0).max(3_600_000).optional(),
    files: z.array(fileRef).max(50).optional(),
  })
  .refine((b) => Boolean(b.fileUrl) || (b.files?.length ?? 0) > 0, {
    error: 'uploadFileMissing',
    path: ['fileUrl'],
  });
export type SendFileBody = z.infer<typeof sendFileBody>;

/** One message a rich send created. */
export const sentItem = z.object({
  messageId: z.string(),
  requestId: z.string(),
  sendingUUid: z.string().nullable(),
});
/** A rich send's answer: the first message, and every message when several were sent. */
export const richSendResult = z.object({
  messageId: z.string(),
  requestId: z.string(),
  list: z.array(sentItem),
});
export type RichSendResult = z.infer<typeof richSendResult>;

/** `/main-api/conv/send-graphic-link`. */
export const sendGraphicLinkBody = z.object({
  ...peerFields,
  title: z.string({ error: 'linkTitleRequired' }).min(1, { error: 'linkTitleRequired' }).max(200),
  description: z.string().max(500).default(''),
  url: z.string({ error: 'linkUrlInvalid' }).min(1, { error: 'linkUrlInvalid' }).max(2048),
  thumbUrl: z.string().max(2048).optional(),
});
export type SendGraphicLinkBody = z.infer<typeof sendGraphicLinkBody>;

/** `/main-api/conv/share-mini-app`. */
export const shareMiniAppBody = z.object({
  ...peerFields,
  title: z
    .string({ error: 'miniAppFieldsRequired' })
    .min(1, { error: 'miniAppFieldsRequired' })
    .max(200),
  appId: z
    .string({ error: 'miniAppFieldsRequired' })
    .min(1, { error: 'miniAppFieldsRequired' })
    .max(64),
  appName: z.string().max(100).default(''),
  pagePath: z
    .string({ error: 'miniAppFieldsRequired' })
    .min(1, { error: 'miniAppFieldsRequired' })
    .max(1024),
  thumbUrl: z.string().max(2048).optional(),
});
export type ShareMiniAppBody = z.infer<typeof shareMiniAppBody>;

/** A contact card of one of the account's contacts (the public API's `card`). */
export const sendCardBody = z.object({
  ...peerFields,
  /** The contact whose card is sent: a friend of the sending account. */
  wxid: z.string().min(1).max(128),
});
export type SendCardBody = z.infer<typeof sendCardBody>;

/** A location (the public API's `location`; the content of message type 18). */
export const sendLocationBody = z.object({
  ...peerFields,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The address shown under the map. */
  label: z.string().min(1).max(200),
  /** The place's name; empty for a bare address. */
  poiName: z.string().max(200),
});
export type SendLocationBody = z.infer<typeof sendLocationBody>;

/**
 * The download link query (SPEC §7: cr_id). The credential is the file cookie or a header, never
 * `token=` in the address (docs/files-and-media.md).
 */
export const chatFileQuery = z.object({
  cr_id: z.string().regex(/^\d{1,18}$/, { error: 'messageNotFound' }),
  /** `1`: the 100×100 thumbnail. */
  thumb: z.enum(['0', '1']).optional(),
  /** `1`: the medium variant of a picture (the picture itself when it has none). */
  medium: z.enum(['0', '1']).optional(),
  /** `cdn`: the platform's address (received media under 4 hours old). */
  source: z.enum(['cdn', 'permanent']).optional(),
  /** `1`: as an attachment (save dialog). */
  download: z.enum(['0', '1']).optional(),
});
