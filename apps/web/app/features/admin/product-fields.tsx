import type { AdminProduct } from '@promptmarket/contracts/admin-catalogue';
import { TextField } from '../../components/ui/form-fields';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useTitleLanguages } from './title-fields';

/**
 * The product editor's fields, filled from the product (empty for a new one), each with the
 * refusal's message for it. The editor reads them back by their names when it saves.
 */

type Errors = Record<string, string>;

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base shadow-sm sm:text-sm';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {text}
    </p>
  ) : null;
}

/** The title and description in each language of the shop, English first. */
export function ProductTextFields({ product, errors }: { product: AdminProduct | null; errors: Errors }) {
  const { t } = useTranslation();
  const { ordered, nameOf } = useTitleLanguages();
  return (
    <>
      {ordered.map((code) => {
        const name = nameOf(code);
        const texts = product?.translations[code];
        return (
          <fieldset key={code} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">{name}</legend>
            <div className="space-y-3">
              <TextField
                label={t('admin.catalogue.titleIn', { language: name })}
                name={`title_${code}`}
                defaultValue={texts?.title ?? ''}
                maxLength={200}
                required={code === 'en'}
                error={errors[`translations.${code}.title`]}
              />
              <div>
                <label
                  htmlFor={`description_${code}`}
                  className="mb-1.5 block text-sm font-medium text-slate-800"
                >
                  {t('admin.catalogue.descriptionIn', { language: name })}
                </label>
                <textarea
                  id={`description_${code}`}
                  name={`description_${code}`}
                  defaultValue={texts?.description ?? ''}
                  rows={2}
                  maxLength={5000}
                  className={inputClass}
                />
              </div>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

/** The prompt, price, category, styles, where the product shows, and its picture. */
export function ProductDetailFields({ product, errors }: { product: AdminProduct | null; errors: Errors }) {
  const { t } = useTranslation();
  const { categories, styles } = useSite();
  const described = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <>
      <div>
        <label htmlFor="prompt" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('admin.catalogue.prompt')}
        </label>
        <textarea
          id="prompt"
          name="prompt"
          defaultValue={product?.prompt ?? ''}
          rows={4}
          maxLength={4000}
          required
          aria-describedby={described('prompt')}
          aria-invalid={errors.prompt ? true : undefined}
          className={inputClass}
        />
        <FieldError id="prompt-error" text={errors.prompt} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.catalogue.priceEur')}
          name="price"
          inputMode="decimal"
          defaultValue={product ? product.price.toFixed(2) : ''}
          required
          error={errors.price}
        />
        <div>
          <label htmlFor="category_id" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('admin.catalogue.category')}
          </label>
          <select
            id="category_id"
            name="category_id"
            defaultValue={product?.category_id ?? ''}
            required
            aria-describedby={described('category_id')}
            aria-invalid={errors.category_id ? true : undefined}
            className={inputClass}
          >
            <option value="">{t('admin.catalogue.chooseCategory')}</option>
            {categories.flatMap((top) => [
              <option key={top.id} value={top.id}>
                {top.title}
              </option>,
              ...top.subcategories.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {`— ${sub.title}`}
                </option>
              )),
            ])}
          </select>
          <FieldError id="category_id-error" text={errors.category_id} />
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.catalogue.styles')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {styles.map((style) => (
            <label key={style.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="style_ids"
                value={style.id}
                defaultChecked={product?.style_ids.includes(style.id) ?? false}
              />
              {style.title}
            </label>
          ))}
        </div>
        <FieldError id="style_ids-error" text={errors.style_ids} />
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.catalogue.showing')}</legend>
        {(['featured', 'hero', 'hidden'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={flag} defaultChecked={product?.[flag] ?? false} />
            {t(`admin.catalogue.flag.${flag}`)}
          </label>
        ))}
      </fieldset>
      <div>
        {product ? (
          <img
            src={product.image_url}
            alt={product.title}
            width={160}
            height={160}
            className="mb-3 h-40 w-40 rounded-xl object-cover"
          />
        ) : null}
        <label htmlFor="image" className="mb-1.5 block text-sm font-medium text-slate-800">
          {product ? t('admin.catalogue.replacePicture') : t('admin.catalogue.picture')}
        </label>
        <input
          id="image"
          name="image"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={described('image') ?? 'image-hint'}
          className="block w-full text-sm"
        />
        <p id="image-hint" className="mt-1.5 text-xs text-slate-500">
          {t('admin.catalogue.pictureHint')}
        </p>
        <FieldError id="image-error" text={errors.image} />
      </div>
    </>
  );
}
