import type { ComponentType } from 'react';

/** The icons and badges the route registry names for its menu entries. */
export const MENU_PART_NAMES = [
  'AccountBookOutlined',
  'ApiOutlined',
  'BarChartOutlined',
  'CameraOutlined',
  'CloudServerOutlined',
  'CommentOutlined',
  'ContactsOutlined',
  'CustomerServiceOutlined',
  'HistoryOutlined',
  'FileTextOutlined',
  'NotificationOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'TeamOutlined',
  'MomentsUnreadBadge',
  'MomentsUnreadCorner',
] as const;
export type MenuPartName = (typeof MENU_PART_NAMES)[number];

// Props pass through: antd's Menu gives its item icon a class (`ant-menu-item-icon`) that spaces it.
type Part = ComponentType<Record<string, unknown>>;
const parts: Partial<Record<MenuPartName, Part>> = {};

/**
 * Hands the menu parts to {@link menuPart}. The shell's code calls it (menuPartSet.ts) when it
 * loads, before any menu renders: the registry itself is in the entry that the login page loads,
 * and antd's icons and Badge (with antd's theme machinery) must not come along with it.
 */
export function provideMenuParts(given: Record<MenuPartName, Part>): void {
  Object.assign(parts, given);
}

/** A menu icon or badge by name: renders the part once the shell has provided it. */
export function menuPart(name: MenuPartName): ComponentType {
  const Part = (props: Record<string, unknown>) => {
    const P = parts[name];
    return P ? <P {...props} /> : null;
  };
  Part.displayName = name;
  return Part;
}
