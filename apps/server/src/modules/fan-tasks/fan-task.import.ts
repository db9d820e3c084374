import type { FanTaskRowInput } from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
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

/** The registered reader of checked imports of a server instance, if the import feature is present. */
export interface FanImports {
  source: FanImportSource | null;
}

declare module '../../platform/deps.ts' {
  interface Services {
    /** Where fan tasks read their rows of an import (built once, modules/services.ts). */
    fanImports: FanImports;
  }
}

/** Registers the reader of checked imports (the import module, at route registration). */
export function setFanImportSource(deps: Uses<'fanImports'>, source: FanImportSource): void {
  deps.fanImports.source = source;
}
