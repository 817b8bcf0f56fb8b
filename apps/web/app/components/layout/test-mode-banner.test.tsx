import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { builtInLocales, messagesFor } from '../../lib/messages.server';
import { TestModeBanner } from './test-mode-banner';

function render(shown: boolean, language = 'en') {
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messagesFor(language) as Messages)}>
      <TestModeBanner shown={shown} />
    </TranslationProvider>,
  );
}

describe('the test-mode banner', () => {
  it('says that payments are simulated while the sandbox takes them', () => {
    const html = render(true);
    expect(html).toMatch(
      /^<div role="status"[^>]*>Test mode: payments are simulated, no real money moves\.<\/div>$/,
    );
  });

  it('says so in every language of the shop', () => {
    const texts = new Set<string>();
    for (const language of builtInLocales) {
      const html = render(true, language);
      expect(html, language).toContain('role="status"');
      const text = html.replace(/<[^>]+>/g, '');
      expect(text, language).not.toContain('testMode.banner');
      texts.add(text);
    }
    expect(texts.size).toBe(builtInLocales.length);
  });

  it('is not there when payments are real', () => {
    expect(render(false)).toBe('');
  });
});
