import { create } from 'zustand';
import type { ConversationItem, MessageItem } from '@cst/shared';
import type { ListView } from './listView.ts';

/** A message as the chat keeps it: `key` is stable from the optimistic send to the server echo. */
export interface ChatMessage extends MessageItem {
  key: string;
  /** Sent from this browser and not yet known to the server (no messageId yet). */
  local: boolean;
  /** The text of an own text message recalled while this chat was open (for 重新编辑). */
  recalledText?: string;
  /** The send was refused for the work account's state (banned, kicked out…): 工作号管理 helps. */
  accountAbnormal?: boolean;
  /**
   * A file of this browser still uploading (SPEC §3 `uploadStatus`, `uploadUid`): the bubble
   * shows the share that arrived (0 … 1). `uploadUid` is the sendingUUid the file is sent with,
   * so the server's message takes this bubble's place.
   */
  uploadStatus?: 'uploading';
  uploadUid?: string;
  uploadProgress?: number;
}

/** The loaded part of one conversation's messages: ordered keys, oldest first. */
export interface ChatState {
  keys: string[];
  hasMore: boolean;
  /** The latest page has arrived (until then the chat only collects pushes). */
  loaded: boolean;
  /** Virtuoso's `firstItemIndex`: lowered by the number of messages an older page prepends. */
  firstItemIndex: number;
  loadingOlder: boolean;
  /** Bumped when the chat is replaced (after a gap); the list view remounts. */
  generation: number;
  /**
   * Opened at a message (a history hit): that message's id until its page has loaded. While
   * set and not loaded, the chat's load asks for the page around it instead of the latest.
   */
  anchorId?: string | null;
  /** The key of the message the chat was opened at (scrolled to and highlighted). */
  anchorKey?: string | null;
  /** Newer messages exist after the loaded ones (opened at a message, not yet at the latest). */
  hasNewer?: boolean;
  loadingNewer?: boolean;
}

/** The conversation list of the current view: ordered index_names. */
export interface ListState {
  key: string;
  view: ListView | null;
  ids: string[];
  total: number;
  /** Pages loaded so far. */
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
}

/** The normalised data of the inbox (STYLE.md: chat lists are id lists). */
export interface InboxData {
  /** Conversations by index_name (any that was listed or pushed). */
  convs: Record<string, ConversationItem>;
  list: ListState;
  /** Messages by key. */
  messages: Record<string, ChatMessage>;
  /** messageId → key, to apply `send` and `revokeMsg` pushes. */
  keyByMessageId: Record<string, string>;
  /** Loaded chats by index_name. */
  chats: Record<string, ChatState>;
}

/** The inbox store: data plus what the operator is doing (open chat, drafts, quotes). */
export interface InboxState extends InboxData {
  active: string | null;
  drafts: Record<string, string>;
  /** The message key each conversation's composer quotes. */
  quoting: Record<string, string>;
  /** Applies changes through a draft: one store update however many changes (bursts of pushes). */
  mutate: (fn: (d: Draft) => void) => void;
  setActive: (indexName: string | null) => void;
  setDraft: (indexName: string, text: string) => void;
  setQuote: (indexName: string, key: string | null) => void;
}

/** Virtuoso's first index of a fresh chat: room for 1,000,000 older messages above it. */
export const FIRST_ITEM_INDEX = 1_000_000;

/** The key of a message: its sendingUUid when the console sent it, else its messageId. */
export function messageKey(m: Pick<MessageItem, 'sendingUUid' | 'messageId'>): string {
  return m.sendingUUid ? `u:${m.sendingUUid}` : `m:${m.messageId}`;
}

const ACTIVE_KEY = 'cst.inbox.active';

function readActive(): string | null {
  try {
    return sessionStorage.getItem(ACTIVE_KEY);
  } catch {
    return null;
  }
}

/** An empty list (no view yet). */
export const EMPTY_LIST: ListState = {
  key: '',
  view: null,
  ids: [],
  total: 0,
  page: 0,
  hasMore: false,
  loadingMore: false,
};

/** The data of a fresh inbox. */
export function emptyInboxData(): InboxData {
  return { convs: {}, list: EMPTY_LIST, messages: {}, keyByMessageId: {}, chats: {} };
}

type Writable = 'convs' | 'messages' | 'keyByMessageId' | 'chats';

/** A copy-on-write view of the inbox data used by the change functions. */
export class Draft {
  readonly data: InboxData;
  private readonly copied = new Set<Writable>();

  constructor(source: InboxData) {
    this.data = { ...source };
  }

  /** A record that may be written (copied once per draft). */
  w<K extends Writable>(k: K): InboxData[K] {
    if (!this.copied.has(k)) {
      this.data[k] = { ...this.data[k] };
      this.copied.add(k);
    }
    return this.data[k];
  }
}

/** The inbox store; rows select their own conversation or message by id. */
export const useInbox = create<InboxState>()((set, get) => ({
  ...emptyInboxData(),
  active: readActive(),
  drafts: {},
  quoting: {},
  mutate: (fn) => {
    const s = get();
    const d = new Draft({
      convs: s.convs,
      list: s.list,
      messages: s.messages,
      keyByMessageId: s.keyByMessageId,
      chats: s.chats,
    });
    fn(d);
    set(d.data);
  },
  setActive: (indexName) => {
    try {
      if (indexName) sessionStorage.setItem(ACTIVE_KEY, indexName);
      else sessionStorage.removeItem(ACTIVE_KEY);
    } catch {
      // Without storage the choice lasts for the page only.
    }
    set({ active: indexName });
  },
  setDraft: (indexName, text) => set((s) => ({ drafts: { ...s.drafts, [indexName]: text } })),
  setQuote: (indexName, key) =>
    set((s) => ({
      quoting: Object.fromEntries(
        Object.entries({ ...s.quoting, [indexName]: key }).filter(
          (e): e is [string, string] => e[1] !== null,
        ),
      ),
    })),
}));

/** Empties the inbox (logout, user change). */
export function resetInbox(): void {
  useInbox.setState({ ...emptyInboxData(), active: null, drafts: {}, quoting: {} });
}
