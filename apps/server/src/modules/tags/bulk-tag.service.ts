import type {
  BulkTagApplyBody,
  BulkTagApplyResult,
  BulkTagCountResult,
  TagTargetFilter,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { convScopeOf, visibleAccountIn } from '../conversations/index.ts';
import * as bulkRepo from './bulk-tag.repository.ts';
import { readTagList } from './tag-list-file.ts';
import { TagsService } from './tags.service.ts';

/** Bulk tagging (issue 14 §2): how many contacts a filter reaches, and tagging them step by step. */
export class BulkTagService {
  private readonly tags: TagsService;

  constructor(private readonly deps: Uses<'storage'>) {
    this.tags = new TagsService(deps);
  }

  /**
   * The contacts of a filter, checked: accounts the caller sees (404 otherwise), tags of the
   * tenant (404), the uploaded list read (400 when unreadable).
   */
  private async target(auth: AuthContext, filter: TagTargetFilter): Promise<bulkRepo.BulkTarget> {
    const scope = await convScopeOf(this.deps.db, auth);
    let accountIds = scope.accountIds;
    if (filter.workWxids?.length) {
      const ids = new Set<string>();
      for (const wxid of new Set(filter.workWxids)) {
        ids.add((await visibleAccountIn(this.deps.db, scope, wxid)).id);
      }
      accountIds = [...ids];
    }
    const tagIds = [...(filter.hasTagIds ?? []), ...(filter.lacksTagIds ?? [])];
    if (tagIds.length > 0) await this.tags.checkTags(scope.tenantId, tagIds);
    return {
      tenantId: scope.tenantId,
      accountIds,
      keyword: filter.keyword?.trim() || undefined,
      addedFrom: filter.addedFrom,
      addedTo: filter.addedTo,
      source: filter.source,
      hasTagIds: filter.hasTagIds,
      lacksTagIds: filter.lacksTagIds,
      groupIds: filter.groupIds,
      list: filter.listUrl
        ? await readTagList(this.deps, scope.tenantId, filter.listUrl)
        : undefined,
    };
  }

  /** How many contacts the filter reaches. */
  async count(auth: AuthContext, filter: TagTargetFilter): Promise<BulkTagCountResult> {
    const target = await this.target(auth, filter);
    if (target.accountIds !== 'all' && target.accountIds.length === 0) return { matched: 0 };
    return { matched: await bulkRepo.countTarget(this.deps.db, target) };
  }

  /** One step: the next contacts of the filter after the cursor get the tags added or removed. */
  async apply(auth: AuthContext, body: BulkTagApplyBody): Promise<BulkTagApplyResult> {
    const target = await this.target(auth, body.filter);
    const tagIds = await this.tags.checkTags(target.tenantId, body.tagIds);
    if (target.accountIds !== 'all' && target.accountIds.length === 0) {
      return { processed: 0, changed: 0, next: null };
    }
    const r = await bulkRepo.applyStep(
      this.deps.db,
      target,
      tagIds,
      body.op,
      body.after,
      body.step,
    );
    return {
      processed: r.processed,
      changed: r.changed,
      next: r.processed < body.step ? null : r.last,
    };
  }
}
