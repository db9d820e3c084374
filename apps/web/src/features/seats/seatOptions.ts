import type { SeatNode } from '@cst/shared';
import { treeOptions, type TreeOption } from '../../lib/treeOptions.ts';

/** A TreeSelect node of the seat tree. */
export type SeatOption = TreeOption;

/** The seat tree as TreeSelect options, leaving out `exclude` and everything below it. */
export function seatOptions(nodes: SeatNode[], exclude?: string): SeatOption[] {
  return treeOptions(
    nodes,
    (n) => n.uid,
    (n) => `${n.nickname} (${n.username})`,
    exclude,
  );
}
