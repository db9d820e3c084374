import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Whether the specs write their screenshots (`E2E_SHOTS=1`): for a person to look at the screens
 * a change touched. Off by default, where nobody looks (about half a second each, some 200).
 */
export const SHOTS = process.env.E2E_SHOTS === '1';

/** Saves a full-page screenshot under e2e/artifacts/screens/ (with E2E_SHOTS=1). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `e2e/artifacts/screens/${name}.png`, fullPage: true });
}

/**
 * Collects the page's console warnings and errors (and uncaught errors) so a spec can assert
 * there are none. The browser's own line about a refused request (HTTP 4xx) is not the SPA's.
 */
export function watchConsole(page: Page): string[] {
  const out: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'warning' && m.type() !== 'error') return;
    if (m.text().startsWith('Failed to load resource')) return;
    out.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => out.push(`pageerror: ${e.message}`));
  return out;
}

/** The work-account page of the console. */
export async function openAccounts(page: Page): Promise<void> {
  // Right after signing in the login page may still be moving to its own target: go again then.
  await expect(async () => {
    await page.goto('/#/settings/wxaccount');
    await expect(page.getByTestId('wx-accounts-page')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/** The simulator page in a second tab of the same browser context (same signed-in user). */
export async function openSimulator(context: BrowserContext): Promise<Page> {
  const sim = await context.newPage();
  await sim.goto('/#/simulator');
  await expect(sim.getByTestId('simulator-page')).toBeVisible();
  return sim;
}

/** The row of a work account in the console's list, found by its nickname. */
export function accountRow(page: Page, nickname: string) {
  return page.locator('tr.ant-table-row', { hasText: nickname });
}

/** Issues a QR code in the console and returns its login id (the dialog stays open). */
export async function showQr(page: Page): Promise<string> {
  await page.getByTestId('qr-login').click();
  const modal = page.getByTestId('qr-modal');
  await expect(modal).toHaveAttribute('data-phase', 'issued');
  await expect(page.getByTestId('qr-image')).toBeVisible();
  return (await modal.getAttribute('data-login'))!;
}

/**
 * Adds a work account the way a person does: the console shows a QR code, the simulator page
 * (the phone) scans and confirms it with a nickname, and the console's dialog says it worked.
 */
export async function addAccountByQr(page: Page, sim: Page, nickname: string): Promise<void> {
  const loginId = await showQr(page);
  const card = sim.locator(`[data-testid="sim-qr"][data-login="${loginId}"]`);
  await expect(card).toBeVisible();
  await card.getByTestId('sim-qr-nickname').fill(nickname);
  await card.getByTestId('sim-qr-confirm').click();
  await expect(page.getByTestId('qr-modal')).toHaveAttribute('data-phase', 'confirmed');
  await page.getByTestId('qr-close').click();
  await expect(accountRow(page, nickname).getByTestId('wx-status')).toHaveAttribute(
    'data-status',
    'online',
    { timeout: 20_000 },
  );
}
