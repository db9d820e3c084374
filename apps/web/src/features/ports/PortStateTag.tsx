import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PortState } from '@cst/shared';

const COLORS: Record<PortState, string> = {
  inUse: 'success',
  dueSoon: 'volcano',
  toBeRenewed: 'warning',
  expired: 'error',
};

/** The state of a port as a coloured tag. */
export function PortStateTag({ state }: { state: PortState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`ports.states.${state}`)}</Tag>;
}
