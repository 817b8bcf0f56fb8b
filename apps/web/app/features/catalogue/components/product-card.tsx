import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { centsFromDecimal, formatAmount } from '../../../lib/amount';
import { formatCredits } from '../../../lib/credits';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';
import { ProductImage } from './product-image';

function Heart({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.2 4 2.3.6-1.1 1.9-2.3 4-2.3 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

export { Heart };

/** A product tile: picture, title, category, price with the currency name, likes (spec section 2). */
export function ProductCard({
  product,
  sizes = '(min-width: 1200px) 25vw, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw',
  priority = false,
  actions,
}: {
  product: ProductSummary;
  sizes?: string;
  priority?: boolean;
  /** What the screen puts under the tile: its buttons (the orders feature's `TileActionsIsland`). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const price = formatCredits(centsFromDecimal(product.price), locale, settings.internal_currency_name, t);
  const href = paths.product(locale, product.slug);
  // The average to one decimal as the language writes numbers ("4.6", "4,6"), without Intl (decision 0059).
  const rating =
    product.rating_count > 0
      ? formatAmount(Math.round(Number(product.rating_average) * 10) * 10, locale).slice(0, -1)
      : '';
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={href} className="block overflow-hidden" tabIndex={-1} aria-hidden="true">
        <ProductImage
          product={product}
          sizes={sizes}
          priority={priority}
          alt=""
          className="transition duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{product.category.title}</p>
        <h3 className="line-clamp-2 font-semibold text-slate-900">
          <Link to={href} className="hover:underline">
            {product.title}
          </Link>
        </h3>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="font-semibold text-slate-900">{price}</span>
          {rating ? (
            <span
              role="img"
              className="text-slate-500"
              aria-label={t('reviews.tile', { average: rating, count: product.rating_count })}
            >{`★ ${rating} (${product.rating_count})`}</span>
          ) : null}
          <span
            className="inline-flex items-center gap-1 text-slate-500"
            title={t('product.likes', { count: product.likes_count ?? 0 })}
          >
            <Heart className="h-4 w-4 text-rose-500" />
            <span>{product.likes_count ?? 0}</span>
          </span>
        </div>
        {actions}
      </div>
    </article>
  );
}
