import type { MaterialItem } from '@cst/shared';

// Items chosen in the picker, by id: forms keep only `{kind: 'material', materialId}` (the server
// reads the item when the form is saved) and show the item from here.
const chosen = new Map<string, MaterialItem>();

/** Keeps chosen items so the forms that hold their ids can show them. */
export function rememberMaterial(items: readonly MaterialItem[]): void {
  for (const item of items) chosen.set(item.id, item);
}

/** A chosen item by id (undefined when it was not chosen in this page's life). */
export function rememberedMaterial(id: string): MaterialItem | undefined {
  return chosen.get(id);
}
