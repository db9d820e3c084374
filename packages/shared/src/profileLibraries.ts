import { z } from 'zod';
import { isStorableText } from './groups.ts';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of the avatar and nickname libraries and batch profile edits (issue 18 §3). */
export const profileLibraryMessages = {
  avatarNotJpeg: {
    'zh-CN': '头像只支持 jpg/jpeg 格式',
    en: 'Avatars must be jpg/jpeg pictures',
  },
  avatarSizeInvalid: {
    'zh-CN': '头像尺寸须为 200–400 像素的正方形',
    en: 'An avatar must be a square of 200–400 pixels',
  },
  avatarNotFound: { 'zh-CN': '头像不存在', en: 'The avatar does not exist' },
  avatarLibraryEmpty: { 'zh-CN': '请先添加头像', en: 'Add avatars first' },
  nicknameLibraryEmpty: { 'zh-CN': '请先添加昵称', en: 'Add nicknames first' },
  nicknameRequired: { 'zh-CN': '请输入昵称', en: 'Enter a nickname' },
  batchEditNothing: {
    'zh-CN': '请选择要修改的昵称或头像',
    en: 'Choose whether to change nicknames or avatars',
  },
  libraryFull: {
    'zh-CN': '库中内容已达上限（{max} 条）',
    en: 'The library is full ({max} entries)',
  },
} satisfies Record<string, Text>;

/** SPEC.md §5, §9: avatar crop 200–400 px, default 300, at 72 DPI. */
export const AVATAR_MIN_PX = 200;
export const AVATAR_MAX_PX = 400;
export const AVATAR_DEFAULT_PX = 300;
export const AVATAR_DPI = 72;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_AVATARS = 500;
export const MAX_NICKNAMES = 5000;
export const MAX_NICKNAME_LENGTH = 32;
export const MAX_BATCH_EDIT_ACCOUNTS = 100;

export const avatarItem = z.object({
  id: z.string(),
  url: z.string(),
  size: z.number(),
  createdAt: z.number(),
});
export type AvatarItem = z.infer<typeof avatarItem>;
export const avatarList = z.object({ list: z.array(avatarItem) });

export const nicknameItem = z.object({
  id: z.string(),
  nickname: z.string(),
  createdAt: z.number(),
});
export type NicknameItem = z.infer<typeof nicknameItem>;
export const nicknameList = z.object({ list: z.array(nicknameItem) });

const nickname = z
  .string({ error: 'nicknameRequired' })
  .max(MAX_NICKNAME_LENGTH)
  .refine(isStorableText)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: 'nicknameRequired' }));

/** `nickname/add`: one or more nicknames (duplicates are kept once). */
export const nicknameAddBody = z.object({
  nicknames: z.array(nickname, { error: 'nicknameRequired' }).min(1).max(500),
});
export const libraryIdsBody = z.object({ ids: z.array(idString).min(1).max(500) });
export const libraryDeleteResult = z.object({ deleted: z.number() });

/** How library entries are handed out: one each, at random or in the library's order. */
export const PICK_MODES = ['random', 'order'] as const;
export type PickMode = (typeof PICK_MODES)[number];

/** `acc/batch-edit-profile`: new nicknames and/or avatars for logged-in work accounts. */
export const batchEditProfileBody = z.object({
  wxids: z
    .array(z.string().min(1).max(128).refine(isStorableText), { error: 'workAccountRequired' })
    .min(1, { error: 'workAccountRequired' })
    .max(MAX_BATCH_EDIT_ACCOUNTS),
  nickname: z.enum(PICK_MODES).optional(),
  avatar: z.enum(PICK_MODES).optional(),
});
export type BatchEditProfileBody = z.infer<typeof batchEditProfileBody>;

/** Per account: what it got, or the platform's refusal. */
export const batchEditProfileResult = z.object({
  list: z.array(
    z.object({
      wxid: z.string(),
      ok: z.boolean(),
      nickname: z.string().nullable(),
      avatar: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type BatchEditProfileResult = z.infer<typeof batchEditProfileResult>;
