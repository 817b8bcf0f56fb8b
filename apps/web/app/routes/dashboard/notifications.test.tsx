import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render-in-site';
import type { Route } from './+types/notifications';
import Notifications from './notifications';

/** The page as the server renders it, in `language`, with what its loader answered. */
function render(optionalMails: boolean | null, language = 'en') {
  return renderInSite(
    () => <Notifications {...({ loaderData: { optionalMails } } as unknown as Route.ComponentProps)} />,
    { language },
  );
}

describe('the mail preferences page', () => {
  it('shows the stored choice', () => {
    expect(render(true).html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    const off = render(false);
    expect(off.html).toMatch(/<input[^>]*type="checkbox"/);
    expect(off.html).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    expect(off.text).toContain('News about my offers and my identity verification');
  });

  it('says so when the preferences could not be loaded, and offers no form to save', () => {
    const failed = render(null);
    expect(failed.html).toContain('role="alert"');
    expect(failed.text).toContain('Failed to load your mail preferences. Please try again later.');
    expect(failed.html).not.toContain('<form');
  });

  it('is written in each of the six languages', () => {
    const titles: Record<string, string> = {
      en: 'E-mail notifications',
      de: 'E-Mail-Benachrichtigungen',
      fr: 'Notifications par e-mail',
      es: 'Notificaciones por correo',
      it: 'Notifiche via e-mail',
      pl: 'Powiadomienia e-mail',
    };
    for (const [language, title] of Object.entries(titles)) {
      expect(render(true, language).text, language).toContain(title);
    }
    expect(render(null, 'pl').text).toContain('Nie udało się wczytać ustawień e-mail.');
  });
});
