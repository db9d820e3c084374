import type { PositionItem } from '@cst/shared';
import type { positions } from '../../db/schema/index.ts';

/** A position row as the API returns it. */
export function presentPosition(row: typeof positions.$inferSelect): PositionItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.getTime() };
}
