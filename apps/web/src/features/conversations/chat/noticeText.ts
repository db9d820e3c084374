import type { TFunction } from 'i18next';
import type { MessageItem } from '@cst/shared';

/** The platforms' revoke notices (`你撤回了一条消息`, `"张三" 撤回了一条消息`, `对方撤回了一条消息`). */
const SELF = /^你撤回了一条消息$/;
const PEER = /^对方撤回了一条消息$/;
const NAMED = /^"(.*)" ?撤回了一条消息$/;

/**
 * The text of a centred notice: a revoke notice in the console's language (the platforms write
 * them in Chinese), any other notice as the platform wrote it.
 */
export function noticeText(m: Pick<MessageItem, 'content' | 'revoked'>, t: TFunction): string {
  const content = m.content.trim();
  if (!content) return m.revoked ? t('inbox.revokedNotice') : '';
  if (SELF.test(content)) return t('inbox.revokedBySelf');
  if (PEER.test(content)) return t('inbox.revokedByPeer');
  const named = NAMED.exec(content);
  if (named) {
    return named[1] ? t('inbox.revokedBy', { name: named[1] }) : t('inbox.revokedByPeer');
  }
  return m.content;
}
