import { useQuery } from '@tanstack/react-query';
import type { AccountGroupNode } from '@cst/shared';
import { treeOptions, type TreeOption } from '../../../lib/treeOptions.ts';
import { accountsKeys, groupsApi } from '../api.ts';

/** The tenant's account-group tree (cached; re-fetched by account pushes). */
export function useAccountGroups(enabled = true) {
  return useQuery({ queryKey: accountsKeys.groups, queryFn: groupsApi.tree, enabled });
}

/** A node of an antd TreeSelect. */
export type GroupOption = TreeOption;

/** The group tree as TreeSelect options (`excluding` a node and its subtree, e.g. itself). */
export function groupOptions(nodes: AccountGroupNode[], excluding?: string): GroupOption[] {
  return treeOptions(
    nodes,
    (n) => n.id,
    (n) => n.name,
    excluding,
  );
}

/** Every group of a tree, flattened. */
export function flattenGroups(nodes: AccountGroupNode[]): AccountGroupNode[] {
  return nodes.flatMap((n) => [n, ...flattenGroups(n.children)]);
}
