import type { ContactListEntry } from '@cst/shared';

/** Whether a contact's nickname or remark holds the keyword (case-insensitive); '' matches all. */
export function matchesContact(c: ContactListEntry, keyword: string): boolean {
  if (!keyword) return true;
  const k = keyword.toLowerCase();
  return c.nickname.toLowerCase().includes(k) || c.remark.toLowerCase().includes(k);
}
