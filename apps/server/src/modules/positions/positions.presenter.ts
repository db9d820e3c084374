import type { PositionItem } from '@cst/shared';

import type { PositionRow } from './positions.repository.ts';

/** A position row as the API returns it. */
export function presentPosition(row: PositionRow): PositionItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.getTime() };
}
