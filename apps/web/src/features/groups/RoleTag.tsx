import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupRole } from '@cst/shared';

const ROLE_COLOR: Record<GroupRole, string> = { owner: 'gold', admin: 'blue', member: 'default' };

/** A role in a group (owner, admin, member) as a tag. */
export function RoleTag({ role }: { role: GroupRole }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLOR[role]} data-testid="group-role">
      {t(`groupsPage.role.${role}`)}
    </Tag>
  );
}
