import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import de from '../../locales/de/admin.json';
import en from '../../locales/en/admin.json';
import { LedgerCheckStatus } from './ledger-check-status';

const checkedAt = '2026-11-25T09:30:00.000Z';

function render(check: Parameters<typeof LedgerCheckStatus>[0]['check'], language = 'en', messages = en) {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messages as Messages)}>
      <LedgerCheckStatus check={check} locale={language} />
    </TranslationProvider>,
  );
}

describe('the dashboard’s ledger check', () => {
  it('says when no check has run yet', () => {
    const html = render(null);
    expect(html).toContain('Ledger check: not yet run');
    expect(html).not.toContain('role="alert"');
  });

  it('shows a healthy check with the time it ran, in the page’s language', () => {
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(checkedAt),
    );
    const html = render({ checked_at: checkedAt, problems: [] });
    expect(html).toContain(`Ledger check: OK, last run ${time}`);
    expect(html).not.toContain('role="alert"');
    const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(checkedAt),
    );
    expect(render({ checked_at: checkedAt, problems: [] }, 'de', de)).toContain(
      `Hauptbuchprüfung: OK, zuletzt gelaufen ${german}`,
    );
  });

  it('lists the problems found as an alert', () => {
    const problems = [
      'account wallet:7 shows 1500 but its entries sum to 1200',
      'wallet wallet:9 is negative: -5',
    ];
    const html = render({ checked_at: checkedAt, problems });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Ledger check: problems found, last run');
    for (const problem of problems) expect(html).toContain(`<li>${problem}</li>`);
  });
});
