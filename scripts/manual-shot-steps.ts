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
