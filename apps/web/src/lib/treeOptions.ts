/** A node of an antd TreeSelect. */
export interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

/**
 * A tree (account groups, seats) as TreeSelect options: `id` and `title` of each node,
 * leaving out `exclude` and everything below it (a node cannot move under itself).
 */
export function treeOptions<N extends { children: N[] }>(
  nodes: readonly N[],
  id: (node: N) => string,
  title: (node: N) => string,
  exclude?: string,
): TreeOption[] {
  return nodes
    .filter((n) => id(n) !== exclude)
    .map((n) => ({
      value: id(n),
      title: title(n),
      children: treeOptions(n.children, id, title, exclude),
    }));
}
