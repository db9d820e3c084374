import type { TagGroupItem } from '@cst/shared';
import type { TagGroupRow, TagRow } from './tags.repository.ts';

/** The tag page's list: each group (in order) with its tags (in order) and their counts. */
export function presentTagGroups(groups: TagGroupRow[], tags: TagRow[]): TagGroupItem[] {
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    tags: tags
      .filter((t) => t.groupId === g.id)
      .map((t) => ({ id: t.id, name: t.name, color: t.color, count: t.contactCount })),
  }));
}
