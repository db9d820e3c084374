import type { AddUserBody } from '@cst/shared';

/** Parses the batch text: one customer a line, `company, account, password, name` (comma or tab). */
export function parseBatch(text: string): AddUserBody[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [tenantName = '', username = '', password = '', nickname = ''] = line
        .split(/[,，\t]/)
        .map((s) => s.trim());
      return { tenantName, username, password, nickname };
    });
}
