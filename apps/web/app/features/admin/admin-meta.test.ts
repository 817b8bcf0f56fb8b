import { describe, expect, it } from 'vitest';
import type { Messages } from '../../lib/messages';
import { pack } from '../../lib/packed';
import { SITE_ROUTE_ID } from '../../lib/site-data';
import de from '../../locales/de/admin.json';
import en from '../../locales/en/admin.json';
import { adminMeta } from './admin-meta';

/** The matches of a back-office page: the site's data (the shop's texts) and the layout's back-office texts. */
function matches(messages: Messages) {
  return [
    { id: SITE_ROUTE_ID, loaderData: { messagesJson: pack({ brand: { name: 'PromptMarket' } }) } },
    { id: 'routes/admin/layout', loaderData: { messages } },
  ];
}

describe('a back-office page’s title', () => {
  it('names the screen, the back office and the brand, in the page’s language', () => {
    expect(adminMeta(matches(en as Messages), 'admin.nav.payouts')).toEqual([
      { title: 'Payouts | Back office | PromptMarket' },
      { name: 'robots', content: 'noindex' },
    ]);
    const german = adminMeta(matches(de as Messages), 'admin.nav.verifications')[0];
    expect(german).toEqual({
      title: `${de.admin.nav.verifications} | ${de.admin.title} | PromptMarket`,
    });
    expect(de.admin.nav.verifications).not.toBe(en.admin.nav.verifications);
  });

  it('fills a text’s placeholders, such as the product being edited', () => {
    expect(
      adminMeta(matches(en as Messages), 'admin.catalogue.editTitle', { title: 'Glass forest' })[0],
    ).toEqual({ title: 'Edit “Glass forest” | Back office | PromptMarket' });
  });
});
