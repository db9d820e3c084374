import { useState, type DragEvent } from 'react';

/** Moves `id` to the place of `over` in `ids` (before it when moving up, after when down). */
export function moveBefore(ids: readonly string[], id: string, over: string): string[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(over);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/**
 * Native drag and drop to reorder a list of ids: `itemProps(id)` goes on each item; dropping one
 * item on another calls `onReorder` with the new order. `kind` keeps two lists (groups, tags)
 * from taking each other's items.
 */
export function useDragOrder(
  kind: string,
  ids: readonly string[],
  onReorder: (ids: string[]) => void,
) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const mime = `application/x-cst-${kind}`;
  const itemProps = (id: string) => ({
    draggable: true,
    'data-dragging': dragging === id || undefined,
    'data-drop-over': (over === id && dragging !== id) || undefined,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.setData(mime, id);
      e.dataTransfer.effectAllowed = 'move';
      setDragging(id);
    },
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(mime)) return;
      e.preventDefault();
      e.stopPropagation();
      setOver(id);
    },
    onDragLeave: () => setOver((o) => (o === id ? null : o)),
    onDrop: (e: DragEvent) => {
      const moved = e.dataTransfer.getData(mime);
      setOver(null);
      setDragging(null);
      if (!moved) return;
      e.preventDefault();
      e.stopPropagation();
      if (moved !== id && ids.includes(moved)) onReorder(moveBefore(ids, moved, id));
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });
  return { itemProps };
}
