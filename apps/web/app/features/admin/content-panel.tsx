import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The input boxes of the site content's forms: a whole-width one (red when refused) and one that sits in a row. */
export const boxClass = (invalid = false) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm ${invalid ? 'border-red-500' : 'border-slate-300'}`;
export const inlineBox = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

/**
 * One panel of the site content (settings, currencies, languages, texts, pages, links): its title,
 * and its form, or the back office's failure text when its data could not be loaded.
 */
export function ContentPanel({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children ?? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      )}
    </section>
  );
}
