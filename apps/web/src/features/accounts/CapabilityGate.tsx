import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from './api.ts';

/**
 * What the chat platform can do (its capability names, e.g. `groupCard`), with the reason to show
 * on what it cannot. While the platform is not known yet everything counts as available.
 */
export function usePlatformCapabilities() {
  const { t } = useTranslation();
  const data = usePlatform().data;
  const caps = new Set(data?.capabilities ?? []);
  const name = data ? t(`platformCaps.name.${data.platform}`, { defaultValue: data.platform }) : '';
  return {
    can: (cap: string) => !data || caps.has(cap),
    why: () => t('platformCaps.unsupported', { platform: name }),
  };
}

/**
 * Renders a control enabled when the platform has `cap`; else disabled, with a tooltip saying
 * the platform lacks it (no dead buttons).
 */
export function CapabilityGate({
  cap,
  children,
}: {
  cap: string;
  children: (disabled: boolean) => ReactNode;
}) {
  const { can, why } = usePlatformCapabilities();
  if (can(cap)) return <>{children(false)}</>;
  return (
    <Tooltip title={why()}>
      <span
        data-testid={`unsupported-${cap}`}
        aria-description={why()}
        style={{ display: 'inline-block' }}
      >
        {children(true)}
      </span>
    </Tooltip>
  );
}
