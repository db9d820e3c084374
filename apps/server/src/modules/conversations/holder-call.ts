import type { MsgType } from '@cst/shared';
import {
  GatewayError,
  type AddFriendCommand,
  type ChatGateway,
  type CommentMomentCommand,
  type FriendFlagsPatch,
  type GatewayErrorCode,
  type Peer,
  type PostMomentCommand,
  type ProfilePatch,
  type SimFaultKind,
  type SimFriendRequestCommand,
  type SimInboundCommand,
} from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { wellFormedJson } from '../../platform/well-formed.ts';
import { runGroupCall, type GroupCall } from '../groups/index.ts';
import {
  claimCall,
  deleteCallsBefore,
  failCall,
  finishCall,
  insertCall,
  takeCall,
} from './holder-call.repository.ts';

/** Commands that run on the instance holding the account. */
export type HolderCommand =
  | { name: 'revoke'; msgId: string }
  | { name: 'markRead'; peer: Peer }
  | { name: 'voiceToText'; msgId: string }
  /** Bytes of a media file; they travel base64-encoded (`encodedMedia`). */
  | { name: 'downloadMedia'; fileId: string }
  | { name: 'friendInfo'; wxid: string }
  | { name: 'profile' }
  | { name: 'setProfile'; patch: ProfilePatch }
  | { name: 'setRemark'; wxid: string; remark: string }
  | { name: 'addFriend'; cmd: AddFriendCommand }
  | { name: 'searchUser'; keyword: string }
  | { name: 'acceptFriendRequest'; requestId: string }
  | { name: 'declineFriendRequest'; requestId: string }
  | { name: 'updateFriendInfo'; wxid: string; patch: FriendFlagsPatch }
  | { name: 'deleteFriend'; wxid: string }
  | { name: 'listContacts' }
  | { name: 'group'; call: GroupCall }
  | { name: 'listMoments'; limit: number }
  | { name: 'postMoment'; cmd: PostMomentCommand }
  | { name: 'likeMoment'; momentId: string; like: boolean }
  | { name: 'commentMoment'; cmd: CommentMomentCommand }
  | { name: 'simulator'; call: SimulatorCall };

/**
 * What the simulator page does as the outside world of one account: it runs where the account is
 * held, as the platform's side of that connection does (any instance may answer the page).
 */
export type SimulatorCall =
  | { op: 'inbound'; cmd: SimInboundCommand }
  | { op: 'friendRequest'; cmd: SimFriendRequestCommand }
  | { op: 'generate'; msgType?: MsgType }
  | { op: 'fault'; kind: SimFaultKind }
  | { op: 'mergePerson'; wxid: string; newWxid: string };

/** Media bytes as a holder call returns them. */
export interface EncodedMedia {
  base64: string;
  mime: string;
  fileName: string;
  size: number;
}

const CALL_CHANNEL = 'gw_call';
const REPLY_CHANNEL = 'gw_reply';
const TIMEOUT_MS = 20_000;

async function run(gw: ChatGateway, wxid: string, cmd: HolderCommand): Promise<unknown> {
  switch (cmd.name) {
    case 'revoke':
      return gw.revoke(wxid, cmd.msgId);
    case 'markRead':
      return gw.markRead(cmd.peer);
    case 'voiceToText':
      return gw.voiceToText(wxid, cmd.msgId);
    case 'downloadMedia': {
      const m = await gw.downloadMedia(wxid, cmd.fileId);
      const out: EncodedMedia = {
        base64: m.data.toString('base64'),
        mime: m.mime,
        fileName: m.fileName,
        size: m.size,
      };
      return out;
    }
    case 'friendInfo':
      return gw.getFriendInfo(wxid, cmd.wxid);
    case 'profile':
      return gw.getProfile(wxid);
    case 'setProfile':
      return gw.setProfile(wxid, cmd.patch);
    case 'setRemark':
      return gw.setRemark(wxid, cmd.wxid, cmd.remark);
    case 'addFriend':
      return gw.addFriend(cmd.cmd);
    case 'searchUser':
      return gw.searchUser(wxid, cmd.keyword);
    case 'acceptFriendRequest':
      return gw.acceptFriendRequest(wxid, cmd.requestId);
    case 'declineFriendRequest':
      return gw.declineFriendRequest(wxid, cmd.requestId);
    case 'updateFriendInfo':
      return gw.updateFriendInfo(wxid, cmd.wxid, cmd.patch);
    case 'deleteFriend':
      return gw.deleteFriend(wxid, cmd.wxid);
    case 'listContacts':
      return gw.listContacts(wxid);
    case 'group':
      return runGroupCall(gw, wxid, cmd.call);
    case 'listMoments':
      return gw.listMoments(wxid, { limit: cmd.limit });
    case 'postMoment':
      return gw.postMoment(cmd.cmd);
    case 'likeMoment':
      return gw.likeMoment(wxid, cmd.momentId, cmd.like);
    case 'commentMoment':
      return gw.commentMoment(cmd.cmd);
    case 'simulator':
      return runSimulatorCall(gw, wxid, cmd.call);
  }
}

function runSimulatorCall(gw: ChatGateway, wxid: string, call: SimulatorCall): Promise<unknown> {
  const sim = gw.simulator;
  if (!sim) throw new GatewayError('unsupported', 'the platform is not the simulator');
  switch (call.op) {
    case 'inbound':
      return sim.inbound(call.cmd);
    case 'friendRequest':
      return sim.friendRequest(call.cmd);
    case 'generate':
      return sim.generate(wxid, call.msgType);
    case 'fault':
      return sim.fault(wxid, call.kind);
    case 'mergePerson':
      return sim.mergePerson(wxid, call.wxid, call.newWxid);
  }
}

function held(deps: Uses<'realtime' | 'runtime'>, wxid: string): boolean {
  const rt = deps.runtime;
  return rt.started && rt.gateway.heldAccounts().includes(wxid);
}

/**
 * Runs a gateway command on the instance that holds the account: here when this instance holds
 * it, else through a `gateway_calls` row announced on the bus. Gateway errors come back as
 * GatewayError with their code.
 */
export async function callHolder<T = unknown>(
  deps: Uses<'realtime' | 'runtime'>,
  wxid: string,
  cmd: HolderCommand,
): Promise<T> {
  if (held(deps, wxid)) return (await run(deps.runtime.gateway, wxid, cmd)) as T;
  const id = await insertCall(deps.db, wxid, wellFormedJson(cmd));
  const done = new Promise<void>((resolve) => {
    const off = deps.bus.subscribe(REPLY_CHANNEL, (payload) => {
      if (payload === id) {
        off();
        resolve();
      }
    });
    setTimeout(() => {
      off();
      resolve();
    }, TIMEOUT_MS).unref();
  });
  await deps.bus.publish(CALL_CHANNEL, `${wxid}|${id}`);
  await done;
  const out = await takeCall(deps.db, id);
  if (!out || out.status === 'pending' || out.status === 'running') {
    throw new GatewayError('notHeld', 'the work account is not connected right now');
  }
  if (out.status === 'failed') {
    throw new GatewayError((out.errorCode ?? 'failed') as GatewayErrorCode, out.errorMessage ?? '');
  }
  return out.result as T;
}

/** Serves calls for accounts this instance holds; returns the stop function. */
export function serveHolderCalls(deps: Uses<'realtime' | 'runtime'>): () => void {
  const off = deps.bus.subscribe(CALL_CHANNEL, (payload) => {
    const sep = payload.indexOf('|');
    const wxid = payload.slice(0, sep);
    const id = payload.slice(sep + 1);
    if (!held(deps, wxid)) return;
    void (async () => {
      const claimed = await claimCall(deps.db, id);
      if (!claimed) return;
      try {
        const result = await run(deps.runtime.gateway, wxid, claimed.command as HolderCommand);
        await finishCall(deps.db, id, wellFormedJson(result ?? null));
      } catch (err) {
        await failCall(
          deps.db,
          id,
          err instanceof GatewayError ? err.code : 'failed',
          err instanceof Error ? err.message : String(err),
        );
      }
      await deps.bus.publish(REPLY_CHANNEL, id);
    })().catch((err: unknown) => deps.log.error({ err }, 'holder call failed'));
  });
  // Old rows of callers that gave up.
  const timer = setInterval(() => {
    void deleteCallsBefore(deps.db, new Date(deps.now() - 10 * 60_000)).catch(() => undefined);
  }, 60_000);
  timer.unref();
  return () => {
    off();
    clearInterval(timer);
  };
}

/** What a feature makes of a platform's refusal codes; codes it leaves out fall to `otherwise`. */
export type RefusalTable = Partial<Record<GatewayErrorCode, (err: GatewayError) => AppError>>;

/**
 * The API error of a failed platform call: an AppError as it is; a GatewayError by the feature's
 * table, else 409 `accountNotOnline` for an account that is not held or not online, else
 * `otherwise`. Anything else (a bug, a lost database) is thrown on as it is.
 */
export function platformRefusal(
  err: unknown,
  table: RefusalTable,
  otherwise: (err: GatewayError) => AppError,
): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof GatewayError)) throw err;
  const own = table[err.code];
  if (own) return own(err);
  if (err.code === 'notHeld' || err.code === 'notOnline') return fail.conflict('accountNotOnline');
  return otherwise(err);
}
