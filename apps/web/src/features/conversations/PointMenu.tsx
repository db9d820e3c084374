import { Dropdown, type MenuProps } from 'antd';

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

/** The row a context-menu event was on: the `data-*` attribute `attr` of the closest `selector`. */
export function menuRowOf(
  e: { target: EventTarget | null; clientX: number; clientY: number },
  selector: string,
  attr: string,
): MenuAt | null {
  if (!(e.target instanceof Element)) return null;
  const key = e.target.closest<HTMLElement>(selector)?.getAttribute(attr);
  return key ? { key, x: e.clientX, y: e.clientY } : null;
}
