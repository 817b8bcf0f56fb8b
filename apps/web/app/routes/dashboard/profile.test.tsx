import type { Profile } from '@promptmarket/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render-in-site';
import type { Route } from './+types/profile';
import DashboardProfile from './profile';

/** The profile page of a user holding `balance`, as the server renders it in `language`. */
function render(balance: number, language = 'en') {
  const user = {
    id: 1,
    email: 'ada@example.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    balance,
  } as unknown as Profile;
  return renderInSite(
    () => <DashboardProfile {...({ loaderData: { blockers: {} } } as unknown as Route.ComponentProps)} />,
    { language, user, layouts: [{ id: 'routes/dashboard-layout', loaderData: { user } }] },
  ).text;
}

describe("the account deletion's balance", () => {
  it('is written with the plural form the number needs', () => {
    expect(render(1)).toContain('What should happen to your balance of 1 credit?');
    expect(render(1)).toContain('Your wallet still holds 1 credit.');
    expect(render(13.9)).toContain('Your wallet still holds 13.90 credits.');
    expect(render(25, 'de')).toContain('Dein Guthaben beträgt noch 25 Credits.');
    expect(render(1, 'fr')).toContain('Votre portefeuille contient encore 1 crédit.');
    expect(render(2, 'es')).toContain('Tu monedero aún contiene 2 créditos.');
    expect(render(1, 'it')).toContain('Il tuo portafoglio contiene ancora 1 credito.');
  });

  it('is in the nominative where Polish says what it is, and in the genitive after "w wysokości"', () => {
    expect(render(2, 'pl')).toContain('Twoje saldo wynosi jeszcze 2 kredyty.');
    expect(render(5, 'pl')).toContain('Twoje saldo wynosi jeszcze 5 kredytów.');
    expect(render(1, 'pl')).toContain('Co ma się stać z Twoim saldem w wysokości 1 kredytu?');
    expect(render(2, 'pl')).toContain('Co ma się stać z Twoim saldem w wysokości 2 kredytów?');
    expect(render(11.9, 'pl')).toContain('Co ma się stać z Twoim saldem w wysokości 11,90 kredytu?');
  });
});
