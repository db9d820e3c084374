import { z } from 'zod';
import { indexNameSchema, MAX_TEXT_LENGTH } from './conversations.ts';
import type { Text } from './i18n.ts';
import { idString } from './validation.ts';

/** Server messages of private notes. */
export const noteMessages = {
  noteContentRequired: { 'zh-CN': '备注内容不能为空', en: 'The note cannot be empty' },
  noteMentionNotSeat: {
    'zh-CN': '只能 @ 能看到此会话的坐席',
    en: 'Only seats who see this chat can be mentioned',
  },
} satisfies Record<string, Text>;

/** Most seats one note mentions. */
export const NOTE_MENTIONS_MAX = 20;

/** `POST /main-api/conv/note` (API.md, Service flow): a private note in a conversation. */
export const noteBody = z.object({
  index_name: indexNameSchema,
  content: z
    .string({ error: 'noteContentRequired' })
    .min(1, { error: 'noteContentRequired' })
    .max(MAX_TEXT_LENGTH),
  mentions: z.array(idString).max(NOTE_MENTIONS_MAX).optional(),
});
export type NoteBody = z.infer<typeof noteBody>;
export const noteResult = z.object({ messageId: z.string() });

/** A seat as a note names it. */
export const noteSeat = z.object({ uid: z.string(), name: z.string() });
export type NoteSeat = z.infer<typeof noteSeat>;

/** `POST /main-api/conv/note-seats` `{index_name}`: the seats a note in the chat may mention. */
export const noteSeatsBody = z.object({ index_name: indexNameSchema });
export const noteSeatsResult = z.object({ list: z.array(noteSeat) });

/** websocket `mention`: a note in a chat the seat sees mentioned it (only that seat gets it). */
export const mentionPush = z.object({
  index_name: z.string(),
  workWxid: z.string(),
  messageId: z.string(),
  /** Who wrote the note. */
  by: noteSeat,
  content: z.string(),
  /** The chat's display name. */
  chatName: z.string(),
  msgTime: z.number(),
});
export type MentionPush = z.infer<typeof mentionPush>;

/** The websocket event of a mention. */
export const MENTION_EVENT = 'mention';

/** The websocket event of a new note (`MessageItem` with `private: true`), to the chat's seats. */
export const NOTE_EVENT = 'note';
