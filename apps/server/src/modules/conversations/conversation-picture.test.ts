import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationItem, FriendItem, ServerFrame } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import type { RealtimeHub, StagedPushes } from '../../realtime/realtime.hub.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';

// A seat's change to a chat (pin, read, status) is told with a picture of the chat. A message
// stored between the change's commit and its push must not be overwritten on the screen by that
// older picture: the browser shows whatever the last push pictured.

let demo: Session;
let acc: ListedAccount;
let friend: string;
let index: string;
let ws: TestSocket;

const server = useStartedServer({ accounts: { simulator: { loginDelayMs: 20 } } });

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '画面号' });
  const config = await apiAs(server, demo).post('/sim-api/config', {
    trafficPerMinute: 0,
    failRate: 0,
  });
  expect(config.status, config.message).toBe(200);
  const friends = await apiAs(server, demo).post<{ list: FriendItem[] }>(
    '/main-api/acc/friends-list',
    { workWxid: acc.wxid, pageSize: 10 },
  );
  friend = friends.data.list[0]!.friendWxid;
  index = `1__${friend}__${acc.wxid}`;
  await say('第一句');
  ws = await openTestSocket(server.url, { token: demo.token });
  ws.send('ping');
  await ws.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await ws?.close();
});

async function chat(): Promise<ConversationItem | undefined> {
  const r = await apiAs(server, demo).post<{ list: ConversationItem[] }>('/main-api/conv/list', {
    mode: 'account',
    workWxid: acc.wxid,
    pageSize: 50,
  });
  return r.data.list.find((c) => c.index_name === index);
}

/** The contact writes `content`; resolves once it is stored (the chat's preview shows it). */
async function say(content: string): Promise<ConversationItem> {
  const r = await apiAs(server, demo).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: friend,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
  return eventually(async () => {
    const c = await chat();
    return c?.msg_text === content ? c : undefined;
  });
}

/** The chat as the browser's store ends up from the pushes in their order. */
function pictured(frames: ServerFrame[]): Partial<ConversationItem> {
  let c: Partial<ConversationItem> = {};
  for (const f of frames) {
    const d = f.data as { index_name?: string; conv?: ConversationItem } | undefined;
    if (f.event === 'convUpdate' && d?.index_name === index) c = d as ConversationItem;
    else if (f.event === 'syncRead' && d?.index_name === index) c = { ...c, unRead: 0 };
    else if (d?.conv?.index_name === index) c = d.conv;
  }
  return c;
}

const aboutChat = (p: PushInput) =>
  (p.event === 'convUpdate' || p.event === 'syncRead') &&
  (p.data as { index_name?: string }).index_name === index;

/**
 * Runs `change` with the contact writing `content` between the change's commit and its push (the
 * push of the change is held at the hub, wherever it comes from, until the message is stored).
 */
async function meanwhile(content: string, change: () => Promise<void>): Promise<void> {
  const hub = server.deps.realtime as RealtimeHub;
  const publish = hub.publish.bind(hub);
  const announce = hub.announce.bind(hub);
  let held = false;
  const hold = async (pushes: PushInput[]) => {
    if (held || !pushes.some(aboutChat)) return;
    held = true;
    await say(content);
  };
  hub.publish = async (tenantId, input) => {
    await hold(Array.isArray(input) ? input : [input]);
    return publish(tenantId, input);
  };
  hub.announce = async (staged: StagedPushes) => {
    await hold(staged.rows.map((r) => ({ event: r.event, data: r.data })));
    return announce(staged);
  };
  try {
    await change();
  } finally {
    hub.publish = publish;
    hub.announce = announce;
  }
  expect(held).toBe(true);
}

describe("a seat's change to a chat while the contact writes", () => {
  const cases: [string, () => Promise<void>, (c: ConversationItem) => unknown][] = [
    [
      'pin',
      async () => {
        const r = await apiAs(server, demo).post('/main-api/conv/pin', {
          index_name: index,
          isPin: true,
        });
        expect(r.status, r.message).toBe(200);
      },
      (c) => c.isPin,
    ],
    [
      'read',
      async () => {
        const r = await apiAs(server, demo).post('/main-api/conv/read', { index_name: index });
        expect(r.status, r.message).toBe(200);
      },
      (c) => c.unRead,
    ],
    [
      'status',
      async () => {
        const r = await apiAs(server, demo).post('/main-api/conv/status', {
          index_name: index,
          status: 'resolved',
        });
        expect(r.status, r.message).toBe(200);
      },
      (c) => c.status,
    ],
  ];
  it.each(cases)('%s: the last push pictures the chat as stored', async (name, change, field) => {
    const from = ws.frames.length;
    const content = `改动时来信-${name}`;
    await meanwhile(content, change);
    const stored = (await chat())!;
    // The message came after the change: it is unread, and the chat shows it.
    expect(stored.msg_text).toBe(content);
    expect(stored.unRead).toBeGreaterThan(0);
    // Both pushes reached the socket: the change's and the message's.
    await ws.waitFor(
      (f) => f.event === 'text' && JSON.stringify(f.data).includes(content),
      20_000,
      from,
    );
    await ws.waitFor(
      (f) =>
        (f.event === 'convUpdate' || f.event === 'syncRead') &&
        (f.data as { index_name?: string }).index_name === index,
      20_000,
      from,
    );
    const seen = pictured(ws.frames.slice(from));
    expect({
      text: seen.msg_text,
      unRead: seen.unRead,
      changed: field(seen as ConversationItem),
    }).toEqual({ text: content, unRead: stored.unRead, changed: field(stored) });
  });
});
