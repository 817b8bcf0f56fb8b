import {
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductUpdate,
  adminProductCreate,
  adminProductUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import { type Control, type Resolver, type UseFormRegister, useController } from 'react-hook-form';
import { TextField } from '../../components/ui/form-fields';
import { chosenFile } from '../../lib/chosen-file';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { bodyResolver } from './admin-ui';
import { useTitleLanguages } from './title-fields';

/**
 * The product editor's fields and their form: what the editor holds, the body it sends (the
 * contract's `adminProductCreate` for a new product, `adminProductUpdate` for a change) and the
 * check of that body by the same schema before it is sent. The fields are named as the body's
 * fields (`translations.de.title`), so the schema's problems and the API's refusal land on them.
 */

/** The editor's values as typed: the texts per language, the flags, the styles ticked, the picture chosen. */
export type ProductFormValues = {
  translations: Record<string, { title: string; description: string }>;
  prompt: string;
  price: string;
  category_id: string;
  /** The ticked styles' ids. */
  style_ids: string[];
  hero: boolean;
  featured: boolean;
  hidden: boolean;
  image?: FileList | null;
};

/** The fields a refusal may name, besides each language's title and description. */
const bodyFields = ['prompt', 'price', 'category_id', 'style_ids', 'image'] as const;

/** The names of every field of the editor, for a refusal's field errors. */
export function productFieldNames(languages: readonly string[]): string[] {
  return [
    ...bodyFields,
    ...languages.flatMap((code) => [`translations.${code}.title`, `translations.${code}.description`]),
  ];
}

/** The editor's values for a product, or empty ones for a new product. */
export function productFormValues(
  product: AdminProduct | null,
  languages: readonly string[],
): ProductFormValues {
  return {
    translations: Object.fromEntries(
      languages.map((code) => [
        code,
        {
          title: product?.translations[code]?.title ?? '',
          description: product?.translations[code]?.description ?? '',
        },
      ]),
    ),
    prompt: product?.prompt ?? '',
    price: product ? product.price.toFixed(2) : '',
    category_id: product ? String(product.category_id) : '',
    style_ids: product ? product.style_ids.map(String) : [],
    hero: product?.hero ?? false,
    featured: product?.featured ?? false,
    hidden: product?.hidden ?? false,
  };
}

/**
 * The body the editor sends. A language without a title is left out of a new product; a change
 * removes the texts of a language whose title was emptied, and asks to remove English when its
 * title was emptied, which the contract refuses ("The English title is required.").
 */
export function productBody(
  values: ProductFormValues,
  product: AdminProduct | null,
  languages: readonly string[],
): ProductBody {
  const translations: Record<string, { title: string; description: string } | null> = {};
  for (const code of languages) {
    const title = values.translations?.[code]?.title.trim() ?? '';
    const description = values.translations?.[code]?.description.trim() ?? '';
    if (title) translations[code] = { title, description };
    else if (product && (code === 'en' || product.translations[code])) translations[code] = null;
  }
  return {
    category_id: values.category_id.trim(),
    style_ids: (values.style_ids ?? []).map(Number),
    price: values.price.trim(),
    prompt: values.prompt.trim(),
    hero: values.hero,
    featured: values.featured,
    hidden: values.hidden,
    translations: translations as AdminProductCreate['translations'],
  };
}

export type ProductBody = AdminProductCreate | AdminProductUpdate;

/**
 * The editor's check: its body by the contract the API reads it with, and for a new product its
 * picture, which the API asks for the same way (`file.required`).
 */
export function productFormResolver(
  product: AdminProduct | null,
  languages: readonly string[],
): Resolver<ProductFormValues, unknown, ProductBody> {
  const body = bodyResolver(product ? adminProductUpdate : adminProductCreate, (values: ProductFormValues) =>
    productBody(values, product, languages),
  );
  return async (values, context, options) => {
    const checked = await body(values, context, options);
    if (product || chosenFile(values.image)) return checked;
    return {
      values: {},
      errors: { ...checked.errors, image: { type: 'custom', message: 'file.required' } },
    };
  };
}

type FieldsProps = {
  product: AdminProduct | null;
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues, unknown, ProductBody>;
  error: (name: string) => string | undefined;
};

const inputClass = 'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base shadow-sm sm:text-sm';
const bordered = (error: string | undefined) => (error ? 'border-red-500' : 'border-slate-300');

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {text}
    </p>
  ) : null;
}

/** The title and description in each language of the shop, English first. */
export function ProductTextFields({ register, error }: FieldsProps) {
  const { t } = useTranslation();
  const { ordered, nameOf } = useTitleLanguages();
  return (
    <>
      {ordered.map((code) => {
        const name = nameOf(code);
        const descriptionError = error(`translations.${code}.description`);
        return (
          <fieldset key={code} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">{name}</legend>
            <div className="space-y-3">
              <TextField
                label={t('admin.catalogue.titleIn', { language: name })}
                maxLength={200}
                required={code === 'en'}
                error={error(`translations.${code}.title`)}
                {...register(`translations.${code}.title`)}
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
                  rows={2}
                  maxLength={5000}
                  aria-describedby={descriptionError ? `description_${code}-error` : undefined}
                  aria-invalid={descriptionError ? true : undefined}
                  className={`${inputClass} ${bordered(descriptionError)}`}
                  {...register(`translations.${code}.description`)}
                />
                <FieldError id={`description_${code}-error`} text={descriptionError} />
              </div>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

/** The prompt, price, category, styles, where the product shows, and its picture. */
export function ProductDetailFields({ product, register, control, error }: FieldsProps) {
  const { t } = useTranslation();
  const { categories, styles } = useSite();
  // The form holds the ticked styles as a list itself: one checkbox alone would be held as a flag.
  const { field: styleIds } = useController({ control, name: 'style_ids' });
  const chosen = styleIds.value ?? [];
  const described = (name: string) => (error(name) ? `${name}-error` : undefined);
  return (
    <>
      <div>
        <label htmlFor="prompt" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('admin.catalogue.prompt')}
        </label>
        <textarea
          id="prompt"
          rows={4}
          maxLength={4000}
          required
          aria-describedby={described('prompt')}
          aria-invalid={error('prompt') ? true : undefined}
          className={`${inputClass} ${bordered(error('prompt'))}`}
          {...register('prompt')}
        />
        <FieldError id="prompt-error" text={error('prompt')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.catalogue.priceEur')}
          inputMode="decimal"
          required
          error={error('price')}
          {...register('price')}
        />
        <div>
          <label htmlFor="category_id" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('admin.catalogue.category')}
          </label>
          <select
            id="category_id"
            required
            aria-describedby={described('category_id')}
            aria-invalid={error('category_id') ? true : undefined}
            className={`${inputClass} ${bordered(error('category_id'))}`}
            {...register('category_id')}
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
          <FieldError id="category_id-error" text={error('category_id')} />
        </div>
      </div>
      <fieldset aria-describedby={described('style_ids')}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.catalogue.styles')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {styles.map((style) => (
            <label key={style.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="style_ids"
                value={style.id}
                checked={chosen.includes(String(style.id))}
                onChange={(event) =>
                  styleIds.onChange(
                    event.target.checked
                      ? [...chosen, event.target.value]
                      : chosen.filter((id) => id !== event.target.value),
                  )
                }
                onBlur={styleIds.onBlur}
              />
              {style.title}
            </label>
          ))}
        </div>
        <FieldError id="style_ids-error" text={error('style_ids')} />
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('admin.catalogue.showing')}</legend>
        {(['featured', 'hero', 'hidden'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register(flag)} />
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
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={described('image') ?? 'image-hint'}
          aria-invalid={error('image') ? true : undefined}
          className="block w-full text-sm"
          {...register('image')}
        />
        <p id="image-hint" className="mt-1.5 text-xs text-slate-500">
          {t('admin.catalogue.pictureHint')}
        </p>
        <FieldError id="image-error" text={error('image')} />
      </div>
    </>
  );
}
