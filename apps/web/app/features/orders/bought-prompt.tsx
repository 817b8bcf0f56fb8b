import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/**
 * The whole prompt a user bought, with a Copy button: on the product's page and in the order
 * dialog. Where the clipboard is refused (an old browser, a page without permission) the text is
 * selected instead, for the user to copy it themselves.
 */
export function BoughtPrompt({ prompt, className = '' }: { prompt: string; className?: string }) {
  const { t } = useTranslation();
  const text = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied('copied');
    } catch {
      const range = document.createRange();
      if (text.current) range.selectNodeContents(text.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('select');
    }
  }

  return (
    <section
      aria-labelledby="bought-prompt-title"
      className={`rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="bought-prompt-title" className="text-sm font-semibold text-slate-900">
          {t('purchase.fullPrompt')}
        </h2>
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('purchase.copy')}
        </button>
      </div>
      {/* A long prompt scrolls in its box: the box is reached from the keyboard to scroll it,
          and named by the section's title for a screen reader that lands on it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this is text */}
      <div
        ref={text}
        data-testid="bought-prompt"
        role="group"
        aria-labelledby="bought-prompt-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached by the keyboard to scroll it
        tabIndex={0}
        className="mt-2 max-h-40 overflow-y-auto whitespace-pre-wrap break-words rounded-md font-mono text-sm text-slate-800"
      >
        {prompt}
      </div>
      <p aria-live="polite" className="mt-1 min-h-4 text-xs text-emerald-800">
        {copied === 'copied' ? t('purchase.copied') : copied === 'select' ? t('purchase.copySelect') : ''}
      </p>
    </section>
  );
}
