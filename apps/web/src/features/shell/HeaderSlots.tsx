import type { ComponentType } from 'react';
import { UnreadTotal } from '../conversations/list/UnreadTotal.tsx';
import { HeaderAccountTools } from '../accounts/switcher/HeaderAccountTools.tsx';
import { TransferInbox } from '../service/TransferInbox.tsx';
import { TranslateAssistant } from '../translation/TranslatePanel.tsx';
import { MentionBell } from '../notes/MentionBell.tsx';
import { AiNotices } from '../ai/AiNotices.tsx';
import { WebhookNotices } from '../webhooks/WebhookNotices.tsx';

/** Places in the header that later features fill. */
export type HeaderSlotName =
  | 'workAccountSwitcher'
  | 'unreadTotal'
  | 'serviceTransfers'
  | 'translationToggle'
  | 'mentions'
  | 'aiNotices'
  | 'webhookNotices';

/**
 * The header's slots. A feature fills one by adding its component here, e.g.
 * `workAccountSwitcher: WorkAccountSwitcher`; an empty slot renders nothing. Each component
 * decides itself whether the user may see it (permissions, platform capabilities).
 */
export const HEADER_SLOTS: Partial<Record<HeaderSlotName, ComponentType>> = {
  workAccountSwitcher: HeaderAccountTools,
  unreadTotal: UnreadTotal,
  serviceTransfers: TransferInbox,
  translationToggle: TranslateAssistant,
  mentions: MentionBell,
  aiNotices: AiNotices,
  webhookNotices: WebhookNotices,
};

/** Renders one header slot when a feature has filled it. */
export function HeaderSlot({ name }: { name: HeaderSlotName }) {
  const Slot = HEADER_SLOTS[name];
  return Slot ? <Slot /> : null;
}
