import { MSG_TYPE, MSG_TYPE_NAME, messagePreview, AI_MAX_SUGGESTIONS } from '@cst/shared';
import type { MsgType, MsgTypeName } from '@cst/shared';
import type { DbOrTx } from '../../platform/db.ts';
import type { ConversationRow } from '../conversations/index.ts';
import { textOf } from '../sensitive/index.ts';
import type { ChatMessage } from './ai.client.ts';
import * as repo from './ai.repository.ts';

// What the model is told (docs/ai.md "What the model sees"). Everything comes from the
// conversation's own tenant: its messages, its contact's remark and tags, its libraries.

/** Messages of the conversation a prompt carries. */
export const CONTEXT_MESSAGES = 20;
/** Library texts a prompt carries at most. */
const LIBRARY_HITS = 5;
/** Library texts ranked per prompt at most (most used / newest first). */
const LIBRARY_POOL = 300;
/** Longest message text carried. */
const MAX_LINE = 500;

/** Character bigrams (CJK) and words (Latin) of a text: the retrieval's terms. */
export function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  for (const w of lower.match(/[a-z0-9]{2,}/g) ?? []) out.add(w);
  const cjk = lower.replace(/[^\u2e80-\u9fff\uac00-\ud7af]+/g, ' ');
  for (const run of cjk.split(' ')) {
    const chars = [...run];
    if (chars.length === 1) out.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** The texts that share the most terms with the query (at least one), best first. */
export function rankTexts<T extends { text: string }>(query: string, items: T[], n: number): T[] {
  const q = termsOf(query);
  if (q.size === 0) return [];
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    let score = 0;
    for (const t of termsOf(item.text)) if (q.has(t)) score++;
    if (score > 0) scored.push({ item, score });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, n).map((s) => s.item);
}

type MessageLine = Awaited<ReturnType<typeof repo.lastMessages>>[number];

/** How the model is told what kind a message that is not text was (it sees no media). */
const KIND_LABEL: Partial<Record<MsgTypeName, string>> = {
  image: '图片',
  document: '文件',
  emoticon: '表情',
  video: '视频',
  voice: '语音',
  voiceCall: '语音通话',
  videoCall: '视频通话',
  card: '名片',
  link: '链接',
  miniProgram: '小程序',
  article: '文章',
  redPacket: '红包',
  transfer: '转账',
  location: '位置',
  channelVideo: '视频号',
  forward: '聊天记录',
  app: '应用消息',
};

/**
 * A message as one line of the prompt: a text as it is; any other kind as its label and what
 * can be said of it (`[文件] 报价单.pdf`; a voice with its stored transcript, `[语音] 你好`).
 */
function lineText(m: MessageLine): string {
  if (m.revoked) return '（已撤回）';
  const text = textOf(m.msgType, m.content);
  const detail =
    text ??
    (m.msgType === MSG_TYPE.voice
      ? (m.transcript ?? '')
      : messagePreview(m.msgType, m.content, m.fileName));
  const label = text === null ? KIND_LABEL[MSG_TYPE_NAME[m.msgType as MsgType]] : undefined;
  const shown = label ? `[${label}]${detail ? ` ${detail}` : ''}` : detail;
  return shown.length > MAX_LINE ? `${shown.slice(0, MAX_LINE)}…` : shown;
}

/** The facts of a conversation a prompt is built from. */
export interface ConversationFacts {
  lines: { fromCustomer: boolean; text: string; robot: boolean }[];
  contact: { nickname: string; remark: string; tags: string[] } | null;
  library: string[];
}

/** Reads a conversation's facts (its tenant's only). */
export async function factsOf(
  db: DbOrTx,
  conv: ConversationRow,
  libs: { userId: string | null; phrases: boolean; materials: boolean },
): Promise<ConversationFacts> {
  const rows = await repo.lastMessages(db, conv.id, CONTEXT_MESSAGES);
  const lines = rows.map((m) => ({
    fromCustomer: m.sendSide === 2,
    text: lineText(m),
    robot: m.senderKind === 'robot',
  }));
  const contact =
    conv.talkType === 1
      ? await repo.contactFacts(db, conv.tenantId, conv.workAccountId, conv.peerId)
      : null;
  let library: string[] = [];
  if (libs.phrases || libs.materials) {
    const recent = rows
      .filter((m) => m.sendSide === 2 && m.msgType === MSG_TYPE.text)
      .slice(-3)
      .map((m) => m.content)
      .join('\n');
    const pool = await repo.libraryTexts(db, conv.tenantId, { ...libs, limit: LIBRARY_POOL });
    library = rankTexts(recent, pool, LIBRARY_HITS).map((x) => x.text.slice(0, MAX_LINE));
  }
  return { lines, contact, library };
}

function contactBlock(f: ConversationFacts): string {
  const parts: string[] = [];
  if (f.contact) {
    if (f.contact.nickname) parts.push(`客户昵称：${f.contact.nickname}`);
    if (f.contact.remark) parts.push(`备注：${f.contact.remark}`);
    if (f.contact.tags.length > 0) parts.push(`标签：${f.contact.tags.join('、')}`);
  }
  return parts.join('\n');
}

function libraryBlock(f: ConversationFacts): string {
  if (f.library.length === 0) return '';
  return `可参考的话术与资料：\n${f.library.map((t) => `- ${t}`).join('\n')}`;
}

function transcript(f: ConversationFacts): string {
  return f.lines.map((l) => `${l.fromCustomer ? '客户' : '客服'}：${l.text}`).join('\n');
}

/** The separator between drafts the model is asked for. */
const DRAFT_SEPARATOR = '---';

/**
 * The prompt of reply drafts: in the contact's language, or in `language` (a language code) when
 * the seat set the chat's language.
 */
export function suggestPrompt(f: ConversationFacts, language: string | null = null): ChatMessage[] {
  const system = [
    '你是客服的写作助手。根据下面的聊天记录，替客服写出接下来可以发给客户的回复草稿。',
    language
      ? `写 ${AI_MAX_SUGGESTIONS} 条不同的草稿，每条简短自然、可直接发送；用语言代码为「${language}」的语言写（这是该会话设定的客户语言）。`
      : `写 ${AI_MAX_SUGGESTIONS} 条不同的草稿，每条简短自然、可直接发送；用客户最近消息所用的语言写（客户说英文就写英文）。`,
    `草稿之间用单独一行 ${DRAFT_SEPARATOR} 隔开，不要编号，不要任何解释。`,
    '不要编造价格、承诺或资料中没有的事实。',
  ].join('\n');
  const user = [contactBlock(f), libraryBlock(f), `聊天记录：\n${transcript(f)}`]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The drafts of a model's answer: split, cleaned, at most three. */
export function parseDrafts(text: string): string[] {
  let parts: string[];
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const arr = JSON.parse(trimmed) as unknown;
      if (Array.isArray(arr)) parts = arr.map(String);
      else parts = [trimmed];
    } catch {
      parts = trimmed.split(/^\s*-{3,}\s*$/m);
    }
  } else {
    parts = trimmed.split(/^\s*-{3,}\s*$/m);
  }
  return parts
    .map((p) =>
      p
        .trim()
        .replace(/^(?:\d+[.、)]|[-*•])\s*/, '')
        .replace(/^["“](.*)["”]$/s, '$1')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, AI_MAX_SUGGESTIONS);
}

/** The prompt of a summary for a colleague taking the chat over. */
export function summaryPrompt(f: ConversationFacts, lang: 'zh-CN' | 'en'): ChatMessage[] {
  const system =
    lang === 'en'
      ? 'Summarize this customer conversation for a colleague who takes it over: what the customer wants, what was answered or promised, what is still open. At most 5 short bullet points, in English.'
      : '为接手这个会话的同事总结下面的客户聊天：客户想要什么、已经回答或承诺了什么、还有什么没解决。最多 5 条简短要点，用中文。';
  const user = [contactBlock(f), `聊天记录：\n${transcript(f)}`].filter(Boolean).join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The prompt of the AI robot's next reply: the tenant's instructions, then the chat as turns. */
export function robotPrompt(f: ConversationFacts, instructions: string): ChatMessage[] {
  const system = [
    '你是这个企业的在线客服，直接回复客户的最新消息。回复简短、礼貌，用客户所用的语言。',
    '不知道的事情不要编造，可以请客户稍候由人工客服回答。',
    instructions.trim() ? `企业的要求：\n${instructions.trim()}` : '',
    contactBlock(f),
    libraryBlock(f),
  ]
    .filter(Boolean)
    .join('\n\n');
  const turns: ChatMessage[] = f.lines.map((l) => ({
    role: l.fromCustomer ? 'user' : 'assistant',
    content: l.text,
  }));
  return [{ role: 'system', content: system }, ...turns];
}
