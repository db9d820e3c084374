import type { SeatNode } from '@cst/shared';

/** A TreeSelect node of the seat tree. */
export interface SeatOption {
  value: string;
  title: string;
  children: SeatOption[];
}

/** The seat tree as TreeSelect options, leaving out `exclude` and everything below it. */
export function seatOptions(nodes: SeatNode[], exclude?: string): SeatOption[] {
  return nodes
    .filter((n) => n.uid !== exclude)
    .map((n) => ({
      value: n.uid,
      title: `${n.nickname} (${n.username})`,
      children: seatOptions(n.children, exclude),
    }));
}
