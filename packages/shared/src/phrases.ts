import { z } from 'zod';
import { isStorableText } from './groups.ts';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of the phrase library (issue 18 §2; SPEC.md §8). */
export const phraseMessages = {
  phraseGroupFirst: { 'zh-CN': '请先创建话术分组', en: 'Create a phrase group first' },
  phraseGroupNameRequired: { 'zh-CN': '请输入分组名称', en: 'Enter a group name' },
  phraseGroupNotFound: { 'zh-CN': '话术分组不存在', en: 'The phrase group does not exist' },
  phraseContentRequired: { 'zh-CN': '话术内容不能为空', en: 'The phrase cannot be empty' },
  phraseNotFound: { 'zh-CN': '话术不存在', en: 'The phrase does not exist' },
  phraseLimitReached: {
    'zh-CN': '话术数量已达上限（{max} 条）',
    en: 'The phrase library is full ({max} phrases)',
  },
} satisfies Record<string, Text>;

export const MAX_PHRASE_LENGTH = 2000;
export const MAX_PHRASE_GROUP_NAME = 30;
/** Most phrases a caller sees (shared and own); the composer loads them all for quick search. */
export const MAX_VISIBLE_PHRASES = 20_000;

const required = (max: number, key: keyof typeof phraseMessages) =>
  z
    .string({ error: key })
    .max(max)
    .refine(isStorableText)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: key }));

/** A group: the tenant's shared ones, or the caller's own. `editable`: the caller may change it. */
export const phraseGroupItem = z.object({
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  editable: z.boolean(),
  count: z.number(),
});
export type PhraseGroupItem = z.infer<typeof phraseGroupItem>;
export const phraseGroupList = z.object({ list: z.array(phraseGroupItem) });

export const phraseGroupAddBody = z.object({
  name: required(MAX_PHRASE_GROUP_NAME, 'phraseGroupNameRequired'),
  shared: z.boolean().default(false),
});
export const phraseGroupEditBody = z.object({
  id: idString,
  name: required(MAX_PHRASE_GROUP_NAME, 'phraseGroupNameRequired'),
});
export const phraseIdBody = z.object({ id: idString });

/** A phrase; the list is ordered by `useCount`, most used first. */
export const phraseItem = z.object({
  id: z.string(),
  groupId: z.string(),
  content: z.string(),
  useCount: z.number(),
  shared: z.boolean(),
  editable: z.boolean(),
});
export type PhraseItem = z.infer<typeof phraseItem>;

/** `phrase/list`: every phrase the caller sees, or one group's. */
export const phraseListBody = z.object({ groupId: idString.optional() });
export const phraseListResult = z.object({ list: z.array(phraseItem) });
export type PhraseListResult = z.infer<typeof phraseListResult>;

/** `phrase/add`: without a group, 'create phrase group first'. */
export const phraseAddBody = z.object({
  groupId: idString.optional(),
  content: required(MAX_PHRASE_LENGTH, 'phraseContentRequired'),
});
export const phraseEditBody = z.object({
  id: idString,
  content: required(MAX_PHRASE_LENGTH, 'phraseContentRequired').optional(),
  groupId: idString.optional(),
});
export const phraseDeleteBody = z.object({ ids: z.array(idString).min(1).max(500) });
export const phraseUseResult = z.object({ useCount: z.number() });
