import type { Profile } from '@promptmarket/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render-in-site';
import type { Route } from '../dashboard/+types/profile';
import DashboardProfile from '../dashboard/profile';
import Register from './register';

/** What the phone field says under it, in each language. */
const hints: Record<string, string> = {
  en: 'Optional now, but you will need it to make a deposit.',
  de: 'Jetzt freiwillig – für eine Einzahlung brauchst du sie aber.',
  fr: 'Facultatif pour l’instant, mais nécessaire pour effectuer un dépôt.',
  es: 'Opcional por ahora, pero lo necesitarás para hacer un depósito.',
  it: 'Facoltativo per ora, ma ti servirà per effettuare un deposito.',
  pl: 'Teraz opcjonalny, ale będzie potrzebny do wpłaty.',
};

/** The hint's paragraph, and whether the phone input is described by it. */
function phoneHint(html: string) {
  const input = html.match(/<input[^>]*type="tel"[^>]*>/)?.[0] ?? '';
  const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1]?.split(' ') ?? [];
  const hint = describedBy
    .map((id) => html.match(new RegExp(`<p id="${id}"[^>]*>([^<]*)</p>`))?.[1])
    .find(Boolean);
  return hint?.replaceAll('&#x27;', "'");
}

describe('the phone field', () => {
  it('says at registration, in every language, that it is optional but needed for deposits', () => {
    for (const [language, hint] of Object.entries(hints)) {
      const { html } = renderInSite(() => <Register />, { language, path: 'register', url: 'register' });
      expect(phoneHint(html), language).toBe(hint);
    }
  });

  it('says the same on the profile form', () => {
    const user = {
      id: 1,
      email: 'ada@example.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: null,
      balance: 0,
    } as unknown as Profile;
    for (const [language, hint] of Object.entries(hints)) {
      const { html } = renderInSite(
        () => <DashboardProfile {...({ loaderData: { blockers: {} } } as unknown as Route.ComponentProps)} />,
        { language, user, layouts: [{ id: 'routes/dashboard-layout', loaderData: { user } }] },
      );
      expect(phoneHint(html), language).toBe(hint);
    }
  });
});
