import type { MetaDescriptor } from 'react-router';
import type { Messages } from '../../lib/messages';
import { messageAt, siteDataOf } from '../../lib/seo';
import { messagesOf } from '../../lib/site-data';

type Match = { id: string; data?: unknown; loaderData?: unknown } | undefined;

const LAYOUT_ID = 'routes/admin/layout';

/**
 * A back-office screen's document title: the screen, the back office, the brand ("Payouts | Back
 * office | PromptMarket"), in the page's language. The back office's texts come with its layout's
 * data, not with the shop's; `values` fill a text's `{{placeholders}}`.
 */
export function adminMeta(
  matches: readonly Match[],
  key: string,
  values: Record<string, string> = {},
): MetaDescriptor[] {
  const site = siteDataOf(matches);
  const layout = matches.find((match) => match?.id === LAYOUT_ID);
  const own = ((layout?.loaderData ?? layout?.data) as { messages?: Messages } | undefined)?.messages ?? {};
  const text = (name: string) => {
    const found = messageAt(own, name);
    return found === name && site ? messageAt(messagesOf(site), name) : found;
  };
  const screen = text(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const brand = site ? messageAt(messagesOf(site), 'brand.name') : 'PromptMarket';
  return [{ title: `${screen} | ${text('admin.title')} | ${brand}` }, { name: 'robots', content: 'noindex' }];
}
