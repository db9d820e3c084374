import { useTranslation } from 'react-i18next';
import type { UserItem } from '@cst/shared';
import { RowButton } from '../../components/listPage/index.ts';

/** Props of {@link UserRowActions}. */
export interface UserRowActionsProps {
  user: UserItem;
  onEdit: (user: UserItem) => void;
  onReset: (user: UserItem) => void;
  /** Offers 删除 when given (seats the caller may delete). */
  onDelete?: (user: UserItem) => void;
}

/** Edit and reset-password links of a user row (seats, customers). */
export function UserRowActions({ user, onEdit, onReset, onDelete }: UserRowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RowButton onClick={() => onEdit(user)} testId={`edit-${user.username}`}>
        {t('common.edit')}
      </RowButton>
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
