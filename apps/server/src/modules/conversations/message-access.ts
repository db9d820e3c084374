import { parseIndexName } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fail } from '../../platform/errors.ts';
import type { ConversationRow, MessageRow } from './conversation.presenter.ts';
import type { NoteRow } from './conversation-note.repository.ts';
import * as convRepo from './conversation.repository.ts';
import { isHidden, type ConvScope } from './conversation.repository.ts';
import { convScopeOf, scopeHasConv } from './conversation.scope.ts';

/** A message the caller may see, with its conversation. */
export interface VisibleMessage {
  row: MessageRow;
  conv: ConversationRow;
  scope: ConvScope;
}

/**
 * A message of a work account the caller sees (DESIGN.md §4), not hidden; 404 otherwise — the
 * same answer for another tenant's message as for a missing one.
 */
export async function visibleMessage(
  db: DbOrTx,
  auth: AuthContext,
  messageId: number | string,
): Promise<VisibleMessage> {
  const id = Number(messageId);
  if (!Number.isSafeInteger(id) || id <= 0) throw fail.notFound('messageNotFound');
  const scope = await convScopeOf(db, auth);
  const row = await convRepo.findMessage(db, scope.tenantId, id);
  if (!row) throw fail.notFound('messageNotFound');
  if (!scopeHasConv(scope, { id: row.conversationId, workAccountId: row.workAccountId })) {
    throw fail.notFound('messageNotFound');
  }
  if (await isHidden(db, scope.tenantId, id)) throw fail.notFound('messageNotFound');
  const conv = await convRepo.conversationById(db, scope.tenantId, row.conversationId);
  if (!conv) throw fail.notFound('messageNotFound');
  return { row, conv, scope };
}

/** A conversation the caller sees, by index_name; 404 otherwise. */
export async function visibleConversation(
  db: DbOrTx,
  auth: AuthContext,
  indexNameValue: string,
): Promise<{ conv: ConversationRow; scope: ConvScope }> {
  const { scope, parsed } = await scopeAndKey(db, auth, indexNameValue);
  // One query: the account is looked up inside it, its visibility checked on the row.
  const conv = await convRepo.findConversation(
    db,
    scope.tenantId,
    convRepo.accountIdOfWxid(scope.tenantId, parsed.workWxid),
    parsed.talkType,
    parsed.receiverId,
  );
  if (!conv || !scopeHasConv(scope, conv)) throw fail.notFound('conversationNotFound');
  return { conv, scope };
}

/**
 * As `visibleConversation`, with a page of its messages, newest first, and the chat's notes among
 * them (`findConversationWithPage`), from the same query.
 */
export async function visibleConversationWithPage(
  db: DbOrTx,
  auth: AuthContext,
  indexNameValue: string,
  spec: convRepo.MessagePageSpec,
): Promise<{ conv: ConversationRow; rows: convRepo.ShownMessageRow[]; notes: NoteRow[] }> {
  const { scope, parsed } = await scopeAndKey(db, auth, indexNameValue);
  const found = await convRepo.findConversationWithPage(
    db,
    scope.tenantId,
    parsed.workWxid,
    parsed.talkType,
    parsed.receiverId,
    spec,
  );
  if (!found || !scopeHasConv(scope, found.conv)) {
    throw fail.notFound('conversationNotFound');
  }
  return found;
}

/** The caller's scope and the conversation's key from its index_name (404 when malformed). */
async function scopeAndKey(db: DbOrTx, auth: AuthContext, indexNameValue: string) {
  const parsed = parseIndexName(indexNameValue);
  if (!parsed) throw fail.notFound('conversationNotFound');
  return { scope: await convScopeOf(db, auth), parsed };
}
