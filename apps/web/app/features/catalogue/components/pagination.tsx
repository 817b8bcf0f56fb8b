import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { pageRange } from '../paging';

const itemClass =
  'inline-flex h-10 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm sm:min-w-10 sm:px-3';
const linkClass = `${itemClass} border border-slate-300 hover:border-brand-600`;

/**
 * The product list's pager: previous, the pages of `pageRange` ("…" for the runs left out) and
 * next, as links, so they work from the keyboard and before the page's code has come. On a
 * phone previous and next are arrows (their names stay for screen readers), so that the
 * longest pager, nine places, fits a 360 px screen (with page numbers of five digits it wraps).
 * Past the last page it says so and links to it.
 */
export function Pagination({
  page,
  last,
  href,
  onPage,
}: {
  page: number;
  last: number;
  href: (page: number) => string;
  onPage?: () => void;
}) {
  const { t } = useTranslation();
  if (page > last) {
    // A page past the end (an old link, a hand-typed address): not "no prompts match" but where they end.
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {t('products.pastEnd', { page, last })}
        <Link to={href(last)} className="mt-3 block font-semibold text-brand-700 underline">
          {t(last > 1 ? 'products.toLastPage' : 'products.toFirstPage', { page: last })}
        </Link>
      </p>
    );
  }
  const step = (target: number, label: string, arrow: string, rel: 'prev' | 'next') => (
    <Link to={href(target)} preventScrollReset onClick={onPage} className={linkClass} rel={rel}>
      <span aria-hidden="true" className="sm:hidden">
        {arrow}
      </span>
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
  return (
    <nav
      aria-label={t('products.pagination')}
      className="mt-10 flex flex-wrap items-center justify-center gap-1 sm:gap-2"
    >
      {page > 1 ? step(page - 1, t('products.previousPage'), '‹', 'prev') : null}
      {pageRange(page, last).map((slot, index) =>
        slot === 'gap' ? (
          // Which pages are left out the links on either side say; "…" only shows it.
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known by its place
          <span key={`gap-${index}`} aria-hidden="true" className={`${itemClass} text-slate-500`}>
            …
          </span>
        ) : (
          <Link
            key={slot}
            to={href(slot)}
            preventScrollReset
            onClick={onPage}
            aria-current={slot === page ? 'page' : undefined}
            aria-label={t('products.page', { page: slot })}
            className={
              slot === page
                ? `${itemClass} border border-brand-600 bg-brand-600 font-semibold text-white`
                : linkClass
            }
          >
            {slot}
          </Link>
        ),
      )}
      {page < last ? step(page + 1, t('products.nextPage'), '›', 'next') : null}
    </nav>
  );
}
