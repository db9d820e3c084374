import { useEffect } from 'react';

const PREFIX = /^\(\d+\+?\) /;

/** The tab title with the unread total in front, e.g. "(3) 私域流量管理系统 - 会话". */
export function titleWithUnread(title: string, total: number): string {
  const base = title.replace(PREFIX, '');
  if (total <= 0) return base;
  return `(${total > 999 ? '999+' : total}) ${base}`;
}

/**
 * Keeps the unread total in front of the tab title. The route guard sets the title on every
 * navigation, so the prefix is put back whenever the title element changes.
 */
export function useUnreadTitle(total: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, total);
      if (document.title !== next) document.title = next;
    };
    apply();
    const el = document.querySelector('title');
    const observer = el ? new MutationObserver(apply) : null;
    observer?.observe(el!, { childList: true, characterData: true, subtree: true });
    return () => {
      observer?.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [total]);
}
