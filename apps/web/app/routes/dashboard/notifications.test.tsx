import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { messagesFor } from '../../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../../lib/site-data';
import type { Route } from './+types/notifications';
import Notifications from './notifications';

/** The page as the server renders it, in `language`, with what its loader answered. */
function render(optionalMails: boolean | null, language = 'en') {
  const Page = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      children: [
        {
          id: SESSION_ROUTE_ID,
          children: [
            {
              id: 'notifications',
              index: true,
              Component: () => (
                <Notifications {...({ loaderData: { optionalMails } } as unknown as Route.ComponentProps)} />
              ),
            },
          ],
        },
      ],
    },
  ]);
  const html = renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messagesFor(language) as Messages)}>
      <Page
        initialEntries={[`/${language}`]}
        hydrationData={{
          loaderData: {
            [SITE_ROUTE_ID]: { locale: language } as SiteData,
            [SESSION_ROUTE_ID]: { user: null, personalDeferred: false } as SessionData,
          },
        }}
      />
    </TranslationProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
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
