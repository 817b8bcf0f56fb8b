import { type FormEvent, useId } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { type ListState, toggle } from '../list-query';

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5 py-1">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 rounded accent-brand-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/**
 * The list page's filters: categories (with their subcategories), styles and a price range. A
 * box changes the list at once; the price applies when its form is sent. The price fields' text
 * is the page's, so that the page can put the address's prices back in them.
 */
export function ProductFilters({
  state,
  update,
  priceMin,
  priceMax,
  onPriceMin,
  onPriceMax,
}: {
  state: ListState;
  update: (change: Partial<ListState>) => void;
  priceMin: string;
  priceMax: string;
  onPriceMin: (value: string) => void;
  onPriceMax: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { categories, styles, settings } = useSite();
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    update({ priceMin: priceMin.trim(), priceMax: priceMax.trim() });
  };
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('products.categories')}</legend>
        <div className="mt-2 space-y-2">
          {categories.map((category) => (
            <div key={category.id}>
              <Checkbox
                label={category.title}
                checked={state.categories.includes(category.url)}
                onChange={() => update({ categories: toggle(state.categories, category.url) })}
              />
              <div className="ml-6">
                {category.subcategories.map((sub) => (
                  <Checkbox
                    key={sub.id}
                    label={sub.title}
                    checked={state.categories.includes(sub.url)}
                    onChange={() => update({ categories: toggle(state.categories, sub.url) })}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('products.styles')}</legend>
        <div className="mt-2">
          {styles.map((style) => (
            <Checkbox
              key={style.id}
              label={style.title}
              checked={state.styles.includes(style.url)}
              onChange={() => update({ styles: toggle(state.styles, style.url) })}
            />
          ))}
        </div>
      </fieldset>
      <form onSubmit={applyPrice}>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            {t('products.price', { currency: settings.internal_currency_name })}
          </legend>
          <div className="mt-2 flex items-center gap-2">
            <input
              aria-label={t('products.priceMin')}
              inputMode="decimal"
              value={priceMin}
              onChange={(event) => onPriceMin(event.target.value)}
              placeholder="0"
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <span aria-hidden="true">–</span>
            <input
              aria-label={t('products.priceMax')}
              inputMode="decimal"
              value={priceMax}
              onChange={(event) => onPriceMax(event.target.value)}
              placeholder="100"
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" className={`${buttonStyles.secondary} mt-3 w-full`}>
            {t('products.apply')}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
