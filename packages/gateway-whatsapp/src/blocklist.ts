import type { BaileysEventMap } from 'baileys';
import type { Conn, WaCore } from './core.ts';
import { toContact } from './events.ts';
import { isWaGroup } from './ids.ts';
import { GatewayError, type ContactDto, type FriendFlagsPatch } from './seam.ts';

// The account's WhatsApp blocklist is the console's blacklist: read when the socket opens, kept
// current from `blocklist.set` / `blocklist.update`, changed with `updateBlockStatus`. Each change
// is a `contactsChanged` of the people whose state changed, as the simulator reports its flags.

type BlocklistChange =
  | { type: 'set'; jids: (string | undefined)[] }
  | { type: 'add' | 'remove'; jids: (string | undefined)[] };

/** The `blocklist.*` events of a socket batch as changes, in order (a full set first). */
export function blocklistChanges(ev: Partial<BaileysEventMap>): BlocklistChange[] {
  const out: BlocklistChange[] = [];
  const set = ev['blocklist.set'];
  if (set) out.push({ type: 'set', jids: set.blocklist });
  const update = ev['blocklist.update'];
  if (update) out.push({ type: update.type, jids: update.blocklist });
  return out;
}

/**
 * Applies a change of the blocklist: a full set blocks exactly those people (and unblocks every
 * other), an update blocks or unblocks those named. People not seen before are added. Only rows
 * whose state changed are reported.
 */
export async function applyBlocklist(
  core: WaCore,
  conn: Conn,
  wxid: string,
  change: BlocklistChange,
): Promise<void> {
  const blocked = change.type !== 'remove';
  const named = new Set<string>();
  for (const j of change.jids) {
    if (!j || isWaGroup(j)) continue;
    const jid = conn.ids.canonical(j);
    if (jid !== wxid) named.add(jid);
  }
  const sessionId = conn.session.id;
  const rows = new Map((await core.repo.contacts(sessionId)).map((r) => [r.jid, r]));
  const people: { jid: string; phoneJid: string | null; blocked: boolean }[] = [];
  for (const jid of named) {
    if (rows.get(jid)?.blocked !== blocked) {
      people.push({ jid, phoneJid: conn.ids.phoneJid(jid), blocked });
    }
  }
  if (change.type === 'set') {
    for (const r of rows.values()) {
      if (r.blocked && !named.has(r.jid)) {
        people.push({ jid: r.jid, phoneJid: r.phoneJid, blocked: false });
      }
    }
  }
  if (!people.length) return;
  const { added, updated } = await core.repo.upsertContacts(sessionId, people, core.now());
  await core.emit(wxid, 'contactsChanged', {
    workWxid: wxid,
    added: added.map(toContact),
    updated: updated.map(toContact),
    removed: [],
  });
}

/**
 * Reads the blocklist once the socket is open (Baileys asks for it on connect but keeps the
 * answer to itself). The answer joins the connection's event queue, so it is applied in order
 * with the batches around it. A failure leaves the stored state as it was.
 */
export function syncBlocklist(core: WaCore, conn: Conn): void {
  const sock = conn.sock;
  const wxid = conn.wxid;
  if (!sock || !wxid) return;
  const changes = conn.blockChanges ?? 0;
  void sock.fetchBlocklist().then(
    (jids) => {
      conn.queue = conn.queue
        .then(async () => {
          if (conn.sock !== sock) return;
          // A block or unblock from the console came while the list was read: the list may not
          // have it, and applying it would undo it here. Read it again instead.
          if ((conn.blockChanges ?? 0) !== changes) return syncBlocklist(core, conn);
          await applyBlocklist(core, conn, wxid, { type: 'set', jids });
        })
        .catch((err: unknown) => core.deps.log.error({ err }, 'whatsapp blocklist failed'));
    },
    (err: unknown) => core.deps.log.warn({ err, wxid }, 'whatsapp blocklist not read'),
  );
}

/** WhatsApp's refusal of a block as a gateway error (400: it cannot resolve the person). */
function blockFailure(err: unknown): GatewayError {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { output?: { statusCode?: number } }).output?.statusCode;
  return new GatewayError(code === 400 ? 'invalid' : 'failed', message);
}

/**
 * The console's flags of a person: only the blacklist exists on WhatsApp (a block or unblock on
 * the phone's account); star and pin are `unsupported`.
 */
export async function updateFriendInfo(
  core: WaCore,
  acc: string,
  wxid: string,
  patch: FriendFlagsPatch,
): Promise<ContactDto> {
  if (patch.star !== undefined || patch.topChat !== undefined) {
    throw new GatewayError('unsupported', 'WhatsApp has no star or pinned friends');
  }
  const { conn, sock } = core.requireOnline(acc);
  const jid = conn.ids.canonical(wxid);
  const row = await core.repo.contact(conn.session.id, jid);
  if (!row) throw new GatewayError('notFound', 'unknown person');
  if (patch.blacklist === undefined || patch.blacklist === row.blocked) return toContact(row);
  try {
    // Counted before and after: a read that started before or during the call is stale.
    conn.blockChanges = (conn.blockChanges ?? 0) + 1;
    await sock.updateBlockStatus(jid, patch.blacklist ? 'block' : 'unblock');
  } catch (err) {
    throw blockFailure(err);
  } finally {
    conn.blockChanges = (conn.blockChanges ?? 0) + 1;
  }
  const { updated } = await core.repo.upsertContacts(
    conn.session.id,
    [{ jid, phoneJid: conn.ids.phoneJid(jid), blocked: patch.blacklist }],
    core.now(),
  );
  const contact = toContact(updated[0] ?? { ...row, blocked: patch.blacklist });
  void core.emit(acc, 'contactsChanged', {
    workWxid: acc,
    added: [],
    updated: [contact],
    removed: [],
  });
  return contact;
}
