import type { SessionGroupItem } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './conversation.repository.ts';
import type { ConversationService } from './conversation.service.ts';

/** A user's custom session groups (SPEC: custom sessions). */
export class SessionGroupService {
  constructor(
    private readonly deps: Deps,
    private readonly conversations: ConversationService,
  ) {}

  /** The caller's groups with conversation and unread counts. */
  async list(auth: AuthContext): Promise<SessionGroupItem[]> {
    const rows = await repo.listSessionGroups(this.deps.db, auth.tenantId!, auth.userId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      count: r.count,
      unRead: r.unread,
    }));
  }

  /** Creates or renames a group. */
  async save(auth: AuthContext, body: { id?: string; name: string }): Promise<{ id: string }> {
    const tenantId = auth.tenantId!;
    const clash = await repo.sessionGroupNamed(this.deps.db, auth.userId, body.name);
    if (clash && clash.id !== body.id) throw fail.conflict('sessionGroupNameTaken');
    if (body.id) {
      await this.conversations.ownGroup(auth, body.id);
      await repo.renameSessionGroup(this.deps.db, body.id, body.name);
      return { id: body.id };
    }
    return {
      id: await repo.insertSessionGroup(this.deps.db, tenantId, auth.userId, body.name),
    };
  }

  /** Deletes a group (its conversations stay). */
  async remove(auth: AuthContext, id: string): Promise<null> {
    await this.conversations.ownGroup(auth, id);
    await repo.deleteSessionGroup(this.deps.db, id);
    return null;
  }

  /** Puts a conversation in exactly the given groups of the caller. */
  async setGroups(auth: AuthContext, indexNameValue: string, groupIds: string[]): Promise<null> {
    const conv = await this.conversations.conversationOf(auth, indexNameValue);
    const unique = [...new Set(groupIds)];
    for (const id of unique) await this.conversations.ownGroup(auth, id);
    await this.deps.db.transaction((tx) =>
      repo.setConversationGroups(tx, auth.userId, conv.id, unique),
    );
    return null;
  }
}
