import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import { RowButton, RowMore, type RowMoreItem } from '../../components/listPage/index.ts';

/** Props of {@link UserRowActions}. */
export interface UserRowActionsProps {
  user: UserItem;
  onEdit: (user: UserItem) => void;
  onReset: (user: UserItem) => void;
  /** Offers 删除 when given (seats the caller may delete). */
  onDelete?: (user: UserItem) => void;
  /** Reset password and delete behind 「更多」 (a wide table that must fit its screen). */
  menu?: boolean;
}

/** Edit, reset-password and delete links of a user row (seats, customers). */
export function UserRowActions({ user, onEdit, onReset, onDelete, menu }: UserRowActionsProps) {
  const { t } = useTranslation();
  const edit = (
    <RowButton onClick={() => onEdit(user)} testId={`edit-${user.username}`}>
      {t('common.edit')}
    </RowButton>
  );
  if (menu) {
    const items: RowMoreItem[] = [
      {
        key: 'reset',
        label: t('seats.resetPassword'),
        testId: `reset-${user.username}`,
        onClick: () => onReset(user),
      },
    ];
    if (onDelete) {
      items.push({
        key: 'delete',
        label: t('common.delete'),
        danger: true,
        testId: `delete-${user.username}`,
        onClick: () => onDelete(user),
      });
    }
    return (
      <>
        {edit}
        <RowMore items={items} testId={`more-${user.username}`} />
      </>
    );
  }
  return (
    <>
      {edit}
      <RowButton onClick={() => onReset(user)} testId={`reset-${user.username}`}>
        {t('seats.resetPassword')}
      </RowButton>
      {onDelete && (
        <RowButton danger onClick={() => onDelete(user)} testId={`delete-${user.username}`}>
          {t('common.delete')}
        </RowButton>
      )}
    </>
  );
}
