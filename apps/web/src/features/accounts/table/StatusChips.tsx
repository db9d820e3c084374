import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORK_ACCOUNT_STATUSES, type WorkAccountStatus } from '@cst/shared';

/** Props of {@link StatusChips}. */
export interface StatusChipsProps {
  counts: Record<string, number> | undefined;
  selected: WorkAccountStatus | undefined;
  onSelect: (status: WorkAccountStatus | undefined) => void;
}

/**
 * The counts per status as filter chips: "all", then every status that has accounts (and the
 * chosen one, even at 0). A click filters the list by that status.
 */
export function StatusChips({ counts, selected, onSelect }: StatusChipsProps) {
  const { t } = useTranslation();
  const all = Object.values(counts ?? {}).reduce((a, b) => a + b, 0);
  const shown = WORK_ACCOUNT_STATUSES.filter((s) => (counts?.[s] ?? 0) > 0 || s === selected);
  return (
    <Flex wrap className="wx-status-chips" data-testid="status-chips">
      <Tag.CheckableTag
        checked={!selected}
        onChange={() => onSelect(undefined)}
        data-testid="status-chip-all"
      >
        {t('accounts.all')} {all}
      </Tag.CheckableTag>
      {shown.map((s) => (
        <Tag.CheckableTag
          key={s}
          checked={selected === s}
          onChange={(on) => onSelect(on ? s : undefined)}
          data-testid={`status-chip-${s}`}
        >
          {t(`wxStatus.${s}`)} {counts?.[s] ?? 0}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}
