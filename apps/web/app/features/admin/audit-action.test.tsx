import { auditActions } from '@promptmarket/contracts/admin';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import de from '../../locales/de/admin.json';
import en from '../../locales/en/admin.json';
import es from '../../locales/es/admin.json';
import fr from '../../locales/fr/admin.json';
import it_ from '../../locales/it/admin.json';
import pl from '../../locales/pl/admin.json';
import { AuditAction } from './audit-action';

const languages = { en, de, fr, es, it: it_, pl } as Record<string, unknown> as Record<string, Messages>;

function render(action: string, language = 'en') {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, languages[language] as Messages)}>
      <AuditAction action={action} />
    </TranslationProvider>,
  );
}

describe('an audit log action', () => {
  it('is named in every language, for every action the back office writes', () => {
    for (const language of Object.keys(languages)) {
      const { t } = createTranslator(language, languages[language] as Messages);
      const missing = auditActions.filter((action) => {
        const key = `admin.audit.actions.${action.replaceAll('.', '_')}`;
        return t(key) === key;
      });
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it('shows its name with its code below, the code being what a search of the log matches', () => {
    expect(render('user.block')).toBe(
      'Account blocked<span class="block font-mono text-slate-500">user.block</span>',
    );
    expect(render('payout.export.download', 'de')).toContain('SEPA-Datei heruntergeladen');
    expect(render('payout.export', 'de')).toContain('SEPA-Datei erstellt');
  });

  it('shows the code alone for an action it has no name for (an entry older than its name)', () => {
    expect(render('coupon.create')).toBe('<span class="font-mono">coupon.create</span>');
  });
});
