import type { FanTaskRowInput } from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * Where a task's rows come from when the create names an import (`importId`) instead of inline
 * rows: the file-import feature registers its reader here. It answers the checked rows of an
 * import the user made in the tenant, in list order, or null when there is no such import of
 * theirs (or it is not checked yet). Rows may be many (up to FAN_TASK_MAX_ROWS): the planner stores them in chunks.
 */
export type FanImportSource = (
  db: DbOrTx,
  owner: { tenantId: string; userId: string },
  importId: string,
) => Promise<FanTaskRowInput[] | null>;

const sources = new WeakMap<Deps, FanImportSource>();

/** Registers the reader of checked imports (the import module, at route registration). */
export function setFanImportSource(deps: Deps, source: FanImportSource): void {
  sources.set(deps, source);
}

/** The registered reader, if the import feature is present. */
export function fanImportSourceOf(deps: Deps): FanImportSource | null {
  return sources.get(deps) ?? null;
}
