import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserCard, type UserCardTarget } from './userCardStore.ts';

/** Makes its child (an avatar or a name) open a user card; renders the child alone without one. */
export function UserCardTrigger({
  target,
  children,
}: {
  target: UserCardTarget | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const open = useUserCard((s) => s.open);
  if (!target) return <>{children}</>;
  return (
    <span
      role="button"
      tabIndex={0}
      className="user-card-trigger"
      aria-label={t('userCard.open', { name: target.name ?? target.wxid })}
      data-testid="user-card-trigger"
      onClick={() => open(target)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open(target);
        }
      }}
    >
      {children}
    </span>
  );
}
