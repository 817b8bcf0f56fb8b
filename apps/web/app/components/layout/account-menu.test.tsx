import type { Profile } from '@promptmarket/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { graphemes } from '../../lib/graphemes';
import { renderInSite } from '../../test/render-in-site';
import { AccountMenu } from './account-menu';

const person = (first_name: string, last_name: string) =>
  ({
    id: 1,
    first_name,
    last_name,
    email: 'ada@example.test',
    phone: null,
    balance: 12.5,
    is_email_verified: true,
    verification_data: { status: null },
  }) as unknown as Profile;

const menuButton = (user: Profile) => {
  const { html } = renderInSite(() => <AccountMenu user={user} />, { user });
  const label = html.match(/aria-label="([^"]*, Account menu)"/)?.[1];
  return { html, label };
};

describe('the account menu’s initials', () => {
  it('are the first letters of the first and last name, in capitals', () => {
    expect(menuButton(person('ada', 'lovelace')).label).toBe('AL ada, Account menu');
  });

  it('take an emoji or a flag whole, never half of it', () => {
    const { html, label } = menuButton(person('🦊 Fox', '🇵🇱 Nowak'));
    expect(label).toBe('🦊🇵🇱 🦊 Fox, Account menu');
    expect(html).not.toContain('\uFFFD');
  });

  it('take a letter with its combining accent whole', () => {
    expect(graphemes('e\u0301mile')[0]).toBe('e\u0301');
    expect(menuButton(person('e\u0301mile', 'zola')).label).toBe('E\u0301Z e\u0301mile, Account menu');
  });
});
