import { Dropdown, type MenuProps } from 'antd';
import { useCallback, useState, type MouseEvent } from 'react';

/** Where a list's menu is open: the item and the pointer. */
export interface MenuAt {
  key: string;
  x: number;
  y: number;
}

/**
 * A list's one right-click menu, opened at the pointer. One menu for a whole list instead of a
 * Dropdown per row: rows then render no popup machinery of their own, which was most of what
 * showing a screen of rows cost. Closes on a click outside, on Escape and after an entry.
 */
export function PointMenu({
  at,
  items,
  onClick,
  onClose,
}: {
  at: MenuAt;
  items: NonNullable<MenuProps['items']>;
  onClick: MenuProps['onClick'];
  onClose: () => void;
}) {
  return (
    <Dropdown
      // A new menu for each opening, so it appears where the pointer now is.
      key={`${at.key}:${at.x}:${at.y}`}
      open
      menu={{ items, onClick }}
      trigger={['contextMenu']}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <span className="point-menu-anchor" style={{ left: at.x, top: at.y }} />
    </Dropdown>
  );
}

/** A context-menu event, as {@link menuRowOf} and the lists' finders read it. */
export type MenuEvent = { target: EventTarget | null; clientX: number; clientY: number };

/**
 * A list's menu state: `onContextMenu` (for the list) opens the menu where `find` places it, in
 * place of the browser's menu; where `find` gives null, the browser's menu shows as usual.
 */
export function usePointMenu(find: (e: MenuEvent) => MenuAt | null) {
  const [at, setAt] = useState<MenuAt | null>(null);
  const close = useCallback(() => setAt(null), []);
  const onContextMenu = useCallback(
    (e: MouseEvent) => {
      const found = find(e);
      if (!found) return;
      e.preventDefault();
      setAt(found);
    },
    [find],
  );
  return { at, close, onContextMenu };
}

/** The row a context-menu event was on: the `data-*` attribute `attr` of the closest `selector`. */
export function menuRowOf(e: MenuEvent, selector: string, attr: string): MenuAt | null {
  if (!(e.target instanceof Element)) return null;
  const key = e.target.closest<HTMLElement>(selector)?.getAttribute(attr);
  return key ? { key, x: e.clientX, y: e.clientY } : null;
}
