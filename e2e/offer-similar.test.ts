import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('an offer beside the pictures like it, in the back office', () => {
  it('shows a product whose picture the offer copies, with its distance and a link to it', async () => {
    // A copy of a product of the shop: its public preview, mirrored and saved as PNG.
    // The newest product with a picture to copy: other tests publish works of one colour, which copy nothing.
    const list = await (await fetch(`${baseURL()}/api/products?per_page=24&sort=newest`)).json();
    let product: { id: number; title: string; thumb_url: string } | undefined;
    let preview = Buffer.alloc(0);
    for (const candidate of list.data as { id: number; title: string; thumb_url: string }[]) {
      preview = Buffer.from(await (await fetch(new URL(candidate.thumb_url, baseURL()))).arrayBuffer());
      const [luminance] = (await sharp(preview).greyscale().stats()).channels;
      if ((luminance?.stdev ?? 0) > 10) {
        product = candidate;
        break;
      }
    }
    if (!product) throw new Error('no product with a picture to copy');
    const copy = await sharp(preview).flop().png().toBuffer();

    const seller = await openPage(browser, viewports.desktop);
    await verifiedUser(seller.page);
    const title = `Borrowed view ${Date.now()}`;
    await seller.page.goto('/en/dashboard/offers');
    await seller.page.locator('button[type="submit"]:enabled', { hasText: 'Send offer' }).waitFor();
    await seller.page.getByLabel('Title', { exact: true }).fill(title);
    await seller.page.getByLabel('Category').selectOption({ index: 1 });
    await seller.page.getByLabel('Your price (EUR)').fill('30');
    await seller.page.locator('input[name="style_ids[]"]').first().check();
    await seller.page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: copy });
    await seller.page.getByLabel('Prompt (English)').fill('A harbour at night in neon light, rain');
    await seller.page
      .getByLabel('I confirm that this work was created with AI and that I may sell it.')
      .check();
    await seller.page.getByRole('button', { name: 'Send offer' }).click();
    await seller.page.getByText('Your offer has been sent. We will answer with our price.').waitFor();

    for (const [viewport, name] of [
      [viewports.desktop, 'admin-offer-similar-1280'],
      [viewports.phone, 'admin-offer-similar-360'],
    ] as const) {
      const staff = await openPage(browser, viewport);
      await logInAsAdmin(staff.page, baseURL());
      await staff.page.goto('/en/admin/offers?status=pending');
      await staff.page.getByRole('link', { name: title, exact: true }).click();
      await staff.page.getByRole('heading', { name: 'Similar pictures' }).waitFor();
      const similar = staff.page.getByRole('listitem').filter({ hasText: product.title });
      await similar.getByRole('link', { name: `Product #${product.id}` }).waitFor();
      const distance = Number(
        (await similar.getByText(/^Distance \d+$/).textContent())?.replace('Distance ', ''),
      );
      expect(distance).toBeLessThanOrEqual(14);
      expect(await overflowsHorizontally(staff.page)).toBe(false);
      await screenshot(staff.page, name);
      expect(staff.consoleErrors).toEqual([]);
      await similar.getByRole('link', { name: `Product #${product.id}` }).click();
      await staff.page.waitForURL(`**/en/admin/products/${product.id}`);
      await staff.context.close();
    }
    await seller.context.close();
  });
});
