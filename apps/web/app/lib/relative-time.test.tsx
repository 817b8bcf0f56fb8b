import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import de from '../locales/de/common.json';
import en from '../locales/en/common.json';
import es from '../locales/es/common.json';
import fr from '../locales/fr/common.json';
import itTexts from '../locales/it/common.json';
import pl from '../locales/pl/common.json';
import { createTranslator, TranslationProvider } from './i18n';
import type { Messages } from './messages';
import { RelativeTime, RenderedAtProvider, relativeTime } from './relative-time';

const now = Date.parse('2026-11-25T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number, locale: string, justNow = 'just now') =>
  relativeTime(now - ms, now, locale, justNow);

describe('relativeTime (spec section 9)', () => {
  it('says "just now" under 60 seconds, then the largest whole unit', () => {
    expect(ago(0, 'en')).toBe('just now');
    expect(ago(59 * SECOND, 'en')).toBe('just now');
    expect(ago(59 * SECOND + 999, 'en')).toBe('just now');
    expect(ago(60 * SECOND, 'en')).toBe('1 minute ago');
    expect(ago(59 * MINUTE + 59 * SECOND, 'en')).toBe('59 minutes ago');
    expect(ago(HOUR, 'en')).toBe('1 hour ago');
    expect(ago(23 * HOUR + 59 * MINUTE, 'en')).toBe('23 hours ago');
    expect(ago(DAY, 'en')).toBe('1 day ago');
    expect(ago(29 * DAY, 'en')).toBe('29 days ago');
    expect(ago(30 * DAY, 'en')).toBe('1 month ago');
    expect(ago(364 * DAY, 'en')).toBe('12 months ago');
    expect(ago(365 * DAY, 'en')).toBe('1 year ago');
    expect(ago(3 * 365 * DAY, 'en')).toBe('3 years ago');
  });

  it('treats a moment a little ahead of the clock as "just now"', () => {
    expect(ago(-30 * SECOND, 'en')).toBe('just now');
    expect(ago(-2 * HOUR, 'en')).toBe('in 2 hours');
  });

  it('speaks every language of the shop', () => {
    const cases: [string, Messages][] = [
      ['en', en],
      ['de', de],
      ['fr', fr],
      ['es', es],
      ['it', itTexts],
      ['pl', pl],
    ];
    const expected: Record<string, string[]> = {
      en: ['just now', '1 minute ago', '5 hours ago', '2 days ago', '3 months ago', '2 years ago'],
      de: ['gerade eben', 'vor 1 Minute', 'vor 5 Stunden', 'vor 2 Tagen', 'vor 3 Monaten', 'vor 2 Jahren'],
      fr: [
        'à l’instant',
        'il y a 1 minute',
        'il y a 5 heures',
        'il y a 2 jours',
        'il y a 3 mois',
        'il y a 2 ans',
      ],
      es: ['justo ahora', 'hace 1 minuto', 'hace 5 horas', 'hace 2 días', 'hace 3 meses', 'hace 2 años'],
      it: ['proprio ora', '1 minuto fa', '5 ore fa', '2 giorni fa', '3 mesi fa', '2 anni fa'],
      pl: ['przed chwilą', '1 minutę temu', '5 godzin temu', '2 dni temu', '3 miesiące temu', '2 lata temu'],
    };
    for (const [locale, messages] of cases) {
      const justNow = createTranslator(locale, messages).t('relativeTime.justNow');
      const spans = [59 * SECOND, 60 * SECOND, 5 * HOUR, 2 * DAY, 90 * DAY, 2 * 365 * DAY];
      expect(spans.map((span) => ago(span, locale, justNow))).toEqual(expected[locale]);
    }
  });
});

describe('RelativeTime', () => {
  const render = (locale: string, messages: Messages, renderedAt: number | null) =>
    renderToStaticMarkup(
      <TranslationProvider translator={createTranslator(locale, messages)}>
        <RenderedAtProvider value={renderedAt}>
          <RelativeTime iso="2026-11-25T11:57:00.000Z" />
        </RenderedAtProvider>
      </TranslationProvider>,
    );

  it('renders on the server from the moment of the render, with the exact date kept', () => {
    expect(render('de', de, now)).toBe(
      '<time dateTime="2026-11-25T11:57:00.000Z" title="25.11.2026, 11:57:00 UTC">vor 3 Minuten</time>',
    );
    expect(render('en', en, Date.parse('2026-11-25T11:57:30.000Z'))).toContain('>just now</time>');
  });

  it('writes the exact date until the browser takes over when no moment was given', () => {
    expect(render('en', en, null)).toBe(
      '<time dateTime="2026-11-25T11:57:00.000Z" title="Nov 25, 2026, 11:57:00 AM UTC">Nov 25, 2026, 11:57:00 AM UTC</time>',
    );
  });
});
