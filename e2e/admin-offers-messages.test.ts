import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A JSON call from the page's context, with its cookies and XSRF token. */
async function pageCall(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  return page.request.fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf.value) } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
}

/** A PDF of one page with a line of text, its cross-reference table counted from its bytes. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 30 120 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const run = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

describe('the back office’s offers and messages in the browser', () => {
  it('shows the seller’s prompt on the offer’s page and publishes the work with it, at 1280 and 360 px', async () => {
    const seller = await openPage(browser, viewports.desktop);
    const staff = await openPage(browser, viewports.desktop);
    await verifiedUser(seller.page);

    const title = `Glass lighthouse ${run}`;
    const prompt = `A lighthouse made of glass on a basalt cliff, storm at dusk, volumetric light ${run}`;
    const picture = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#2d5d7b' } })
      .png()
      .toBuffer();
    await seller.page.goto('/en/dashboard/offers');
    await seller.page.locator('button[type="submit"]:enabled', { hasText: 'Send offer' }).waitFor();
    await seller.page.getByLabel('Title', { exact: true }).fill(title);
    await seller.page.getByLabel('Category').selectOption({ index: 1 });
    await seller.page.getByLabel('Your price (EUR)').fill('70');
    await seller.page.locator('input[name="style_ids[]"]').first().check();
    await seller.page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'lighthouse.png', mimeType: 'image/png', buffer: picture });
    await seller.page.getByLabel('How it was made').fill('Sketched on paper, then rendered and retouched.');
    // A picture without its prompt is refused before anything is sent.
    await seller.page.getByRole('button', { name: 'Send offer' }).click();
    await seller.page
      .getByText('Please enter the prompt the buyer will receive, in English: it is required for a picture.')
      .waitFor();
    await seller.page.getByLabel('Prompt (English)').fill(prompt);
    await seller.page
      .getByLabel('I confirm that this work was created with AI and that I may sell it.')
      .check();
    await seller.page.getByRole('button', { name: 'Send offer' }).click();
    await seller.page.getByText('Your offer has been sent. We will answer with our price.').waitFor();

    // The admin opens the offer from the queue and reads the seller's texts.
    await logInAsAdmin(staff.page, baseURL());
    // Found in the queue by its title typed in other letters, the pending filter kept in the address.
    await staff.page.goto('/en/admin/offers?status=pending');
    await staff.page.getByLabel('Title, seller or number').fill(`GLASS LIGHTHOUSE ${run}`);
    await staff.page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => staff.page.url()).toMatch(/search=GLASS.*status=pending/);
    await expect.poll(() => staff.page.locator('tbody tr').count()).toBe(1);
    await staff.page.getByRole('link', { name: title, exact: true }).click();
    await staff.page.getByRole('heading', { name: /Offer #\d+/ }).waitFor();
    const offerPath = new URL(staff.page.url()).pathname;
    const offerId = Number(offerPath.split('/').pop());
    await staff.page.getByText(prompt).waitFor();
    await staff.page.getByText('Sketched on paper, then rendered and retouched.').waitFor();
    await screenshot(staff.page, 'admin-offer-prompt-1280');

    // Priced from its page; the seller accepts with a bank account; the payout is paid.
    await staff.page.getByLabel(`Our price for ${title} (EUR)`).fill('40');
    await staff.page.getByRole('button', { name: 'Send price' }).click();
    await staff.page.getByText('Price sent.').waitFor();
    const accepted = await pageCall(seller.page, 'POST', '/api/offer/approve', {
      name: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      address: '12 St James Square',
      city: 'London',
      postCode: 'SW1Y 4JH',
      country: 'GB',
      full_name: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      id: offerId,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const payouts = (await (
      await pageCall(staff.page, 'GET', '/api/admin/payouts?status=requested&per_page=100')
    ).json()) as { payload: { data: { id: number; offer_id: number }[] } };
    const payout = payouts.payload.data.find((item) => item.offer_id === offerId);
    expect((await pageCall(staff.page, 'POST', `/api/admin/payouts/${payout?.id}/paid`)).status()).toBe(200);

    // Publish, from the offer's page at a phone's width, is filled in with the seller's prompt.
    await staff.page.setViewportSize(viewports.phone);
    await staff.page.goto(offerPath);
    await staff.page.getByRole('button', { name: 'Publish' }).click();
    const dialog = staff.page.getByRole('dialog');
    expect(await dialog.getByLabel('Prompt (English)').inputValue()).toBe(prompt);
    await dialog.getByLabel('Price in the shop (EUR)').fill('9.90');
    await screenshot(staff.page, 'admin-offer-publish-360');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await staff.page.getByText('Published in the shop.').waitFor();
    await staff.page.getByText(/In the shop as product #\d+/).waitFor();
    expect(await overflowsHorizontally(staff.page)).toBe(false);
    await screenshot(staff.page, 'admin-offer-published-360');

    // The offers list at 360 px: every row's box and the bulk actions are reachable.
    await staff.page.goto('/en/admin/offers');
    await staff.page.getByLabel('Select every offer on this page').waitFor();
    expect(await overflowsHorizontally(staff.page)).toBe(false);
    await screenshot(staff.page, 'admin-offers-bulk-360');
    await seller.context.close();
    await staff.context.close();
  });

  it('answers a visitor’s message from the back office, and the reply arrives by mail', async () => {
    const visitor = await openPage(browser, viewports.phone);
    const email = `writer.${run}@example.test`;
    const lastName = `Zółkiewska${run}`;
    await visitor.page.goto('/de/contact-us');
    await visitor.page.locator('button[type="submit"]:enabled', { hasText: 'Nachricht senden' }).waitFor();
    const form = visitor.page.locator('main');
    await form.getByLabel('Name', { exact: true }).fill(`Maria ${lastName}`);
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Betreff', { exact: true }).fill(`Mengenrabatt ${run}`);
    await form
      .getByLabel('Nachricht', { exact: true })
      .fill('Kann ich Prompts für mein Team in großen Mengen kaufen?');
    await visitor.page.getByRole('button', { name: 'Nachricht senden' }).click();
    await visitor.page.getByText('Danke! Deine Nachricht wurde gesendet.', { exact: false }).waitFor();

    for (const viewport of [viewports.desktop, viewports.phone]) {
      const staff = await openPage(browser, viewport);
      await logInAsAdmin(staff.page, baseURL());
      // Found without its accent, among the open messages.
      await staff.page.goto(`/en/admin/messages?state=open&search=${encodeURIComponent(`zolkiewska${run}`)}`);
      const card = staff.page.getByRole('listitem').filter({ hasText: email });
      if (viewport === viewports.desktop) {
        // The back office shows who wrote, from which address, about what, and what they wrote.
        await card.getByText(`Mengenrabatt ${run}`).waitFor();
        const shown = await card.innerText();
        for (const part of [
          `Maria ${lastName} · ${email}`,
          'Kann ich Prompts für mein Team in großen Mengen kaufen?',
        ]) {
          expect(shown).toContain(part);
        }
        const token = `Reply token ${run}`;
        await card.getByLabel(`Your reply to Maria ${lastName}`).fill(`Ja, gerne. ${token}`);
        await card.getByRole('button', { name: 'Send reply' }).click();
        await staff.page.getByText('Reply sent by e-mail.').waitFor();
        const mailed = await waitForMailLink(inject('mailDir'), email, new RegExp(token));
        expect(mailed).toBe(token);
        // The reply handled the message: it is among the handled ones, with its thread.
        await staff.page.goto(`/en/admin/messages?state=handled&search=${encodeURIComponent(email)}`);
        await staff.page.getByText(`Ja, gerne. ${token}`).waitFor();
        await screenshot(staff.page, 'admin-messages-reply-1280');
      } else {
        await staff.page.goto(`/en/admin/messages?search=${encodeURIComponent(email)}`);
        await staff.page.getByText(/Reply token/).waitFor();
        expect(await overflowsHorizontally(staff.page)).toBe(false);
        await screenshot(staff.page, 'admin-messages-360');
        // Hidden with the keyboard: the box, then the bulk action and its confirmation.
        await staff.page.getByLabel(`Select the message from Maria ${lastName}`).focus();
        await staff.page.keyboard.press('Space');
        await staff.page.getByRole('button', { name: 'Hide selected' }).click();
        await staff.page.getByRole('dialog').getByRole('button', { name: 'Hide selected' }).click();
        await staff.page.getByText('1 messages hidden.').waitFor();
        await staff.page.getByText('No messages here.').waitFor();
      }
      await staff.context.close();
    }
    await visitor.context.close();
  });
  it('shows the identity scans in the review page: the picture shown, the PDF in a frame', async () => {
    const person = await openPage(browser, viewports.desktop);
    await verifiedUser(person.page);
    const scan = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c9b28f' } })
      .png()
      .toBuffer();
    const pdf = onePagePdf('Utility bill, London');
    const xsrf = (await person.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
    const sent = await person.page.request.post('/api/verification', {
      headers: { accept: 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') },
      multipart: {
        full_name: `Ada Scan ${run}`,
        phone: '+44 20 7946 0000',
        date_of_birth: '1990-12-10',
        nationality: 'British',
        city: 'London',
        state: 'Greater London',
        country: 'gb',
        zip: 'SW1Y 4JH',
        document_type: 'passport',
        confirm: '1',
        document_front: { name: 'front.png', mimeType: 'image/png', buffer: scan },
        document_back: { name: 'back.png', mimeType: 'image/png', buffer: scan },
        address_document: { name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    for (const viewport of [viewports.desktop, viewports.phone]) {
      const staff = await openPage(browser, viewport);
      await logInAsAdmin(staff.page, baseURL());
      await staff.page.goto('/en/admin/verifications?status=pending');
      const row = staff.page.getByRole('row').filter({ hasText: `Ada Scan ${run}` });
      const front = row.locator('img').first();
      await front.scrollIntoViewIfNeeded();
      await staff.page.waitForFunction(
        (name) =>
          [...document.querySelectorAll('tr')]
            .filter((tr) => tr.textContent?.includes(name))
            .some((tr) =>
              [...tr.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth > 0),
            ),
        `Ada Scan ${run}`,
      );
      const frame = row.locator('iframe');
      expect(await frame.getAttribute('src')).toMatch(/\/documents\/address_document\/view$/);
      // The scan opens in the page, never as a download.
      const opened = await pageCall(staff.page, 'GET', (await frame.getAttribute('src')) ?? '');
      expect(opened.headers()['content-disposition']).toBe('inline');
      expect(opened.headers()['content-type']).toBe('application/pdf');
      await screenshot(staff.page, `admin-verifications-inline-${viewport.width}`);
      await staff.context.close();
    }
    await person.context.close();
  });
});
