// Steps the manual's shot recipes share: reaching a screen the way a user does.
import type { Page } from 'playwright-core';

/** Opens a screen through the menu search, as a user would: Ctrl+K, its title, Enter. */
export async function openBySearch(page: Page, title: string): Promise<void> {
  await page.locator('.topbar').click({ position: { x: 400, y: 10 } });
  await page.keyboard.press('Control+k');
  await page.keyboard.type(title);
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.page h1', { hasText: title }).waitFor();
}

/**
 * Puts away the poll notices (pending fences, heartbeat overtime) the admin of every company gets on a new page, so
 * they cover nothing in a shot. A notice may go by itself (replaced by a newer one) while it is clicked: the loop looks
 * again.
 */
export async function dismissLiveNotices(page: Page, dismiss: string): Promise<void> {
  await page.locator('.live-notice').first().waitFor({ timeout: 8000 }).catch(() => undefined);
  for (let left = 4; left > 0 && (await page.locator('.live-notice').count()) > 0; left -= 1) {
    await page.locator('.live-notice').first().getByRole('button', { name: dismiss }).click({ timeout: 3000 }).catch(() => undefined);
  }
}
