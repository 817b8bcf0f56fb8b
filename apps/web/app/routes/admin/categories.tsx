import type { AdminCategory, AdminStyle } from '@promptmarket/contracts/admin-catalogue';
import type { FormEvent } from 'react';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import { NoticeBar, useAdminSave } from '../../features/admin/admin-ui';
import {
  createCategory,
  createStyle,
  deleteCategory,
  deleteStyle,
  getCategories,
  getStyles,
  updateCategory,
  updateStyle,
} from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.catalogue.categories');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale, true);
  const [categories, styles] = await Promise.allSettled([getCategories(api), getStyles(api)]);
  return {
    categories: categories.status === 'fulfilled' ? (categories.value.payload.data as AdminCategory[]) : null,
    styles: styles.status === 'fulfilled' ? (styles.value.payload.data as AdminStyle[]) : null,
  };
}

/** Titles in every language of the shop, English first, read back from a form. */
function useLanguages() {
  const { languages } = useSite();
  const codes = languages.length > 0 ? languages.map((language) => language.code) : ['en'];
  const ordered = ['en', ...codes.filter((code) => code !== 'en')];
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.name ?? code;
  const read = (form: FormData, current: Record<string, { title: string }> = {}) => {
    const titles: Record<string, { title: string } | null> = {};
    for (const code of ordered) {
      const title = String(form.get(`title_${code}`) ?? '').trim();
      if (title) titles[code] = { title };
      else if (code !== 'en' && current[code]) titles[code] = null;
    }
    return titles;
  };
  return { ordered, nameOf, read };
}

function TitleFields({
  current,
  errors,
  idPrefix,
}: {
  current?: Record<string, { title: string }>;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const { ordered, nameOf } = useLanguages();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {ordered.map((code) => (
        <TextField
          key={code}
          id={`${idPrefix}-title-${code}`}
          label={t('admin.catalogue.titleIn', { language: nameOf(code) })}
          name={`title_${code}`}
          defaultValue={current?.[code]?.title ?? ''}
          maxLength={200}
          required={code === 'en'}
          error={errors[`translations.${code}.title`]}
        />
      ))}
    </div>
  );
}

function Categories({ categories }: { categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { read } = useLanguages();
  const { notice, errors, busy, save } = useAdminSave();
  const tops = categories.filter((category) => category.parent_id === null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parent = String(data.get('parent_id') ?? '');
    const ok = await save(
      () =>
        createCategory(api, {
          slug: String(data.get('slug') ?? '').trim(),
          parent_id: parent ? Number(parent) : null,
          translations: Object.fromEntries(
            Object.entries(read(data)).filter(
              (entry): entry is [string, { title: string }] => entry[1] !== null,
            ),
          ),
        }),
      t('admin.catalogue.saved'),
    );
    if (ok) form.reset();
  }

  return (
    <section aria-labelledby="admin-categories-title" className="space-y-4">
      <h2 id="admin-categories-title" className="text-lg font-semibold text-slate-900">
        {t('admin.catalogue.categories')}
      </h2>
      <NoticeBar notice={notice} />
      <Table
        actions
        head={[
          t('admin.catalogue.title'),
          t('admin.catalogue.slug'),
          t('admin.catalogue.productCount'),
          t('admin.offers.actions'),
        ]}
      >
        {categories.map((category) => (
          <tr key={category.id}>
            <td className={`px-4 py-3 ${category.parent_id === null ? 'font-semibold' : 'pl-10'}`}>
              <details>
                <summary className="cursor-pointer">{category.title}</summary>
                <form
                  className="mt-3 space-y-3"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const data = new FormData(event.currentTarget);
                    void save(
                      () =>
                        updateCategory(api, category.id, {
                          translations: read(data, category.translations),
                        }),
                      t('admin.catalogue.saved'),
                    );
                  }}
                >
                  <TitleFields
                    current={category.translations}
                    errors={{}}
                    idPrefix={`category-${category.id}`}
                  />
                  <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
                    {t('admin.catalogue.save')}
                  </SubmitButton>
                </form>
              </details>
            </td>
            <td className="px-4 py-3 text-slate-600">{category.slug}</td>
            <td className="px-4 py-3">{category.product_count}</td>
            <td className="px-4 py-3">
              <ConfirmButton
                label={t('admin.catalogue.delete')}
                question={t('admin.catalogue.confirmDelete', { title: category.title })}
                disabled={busy}
                onConfirm={() => save(() => deleteCategory(api, category.id), t('admin.catalogue.deleted'))}
              />
            </td>
          </tr>
        ))}
      </Table>
      <form onSubmit={add} noValidate className="space-y-3 rounded-xl border border-slate-200 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('admin.catalogue.newCategory')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('admin.catalogue.slug')}
            name="slug"
            required
            maxLength={100}
            error={errors.slug}
          />
          <div>
            <label htmlFor="new-category-parent" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('admin.catalogue.parent')}
            </label>
            <select
              id="new-category-parent"
              name="parent_id"
              className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm"
            >
              <option value="">{t('admin.catalogue.topLevel')}</option>
              {tops.map((top) => (
                <option key={top.id} value={top.id}>
                  {top.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TitleFields errors={errors} idPrefix="new-category" />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.create')}
        </SubmitButton>
      </form>
    </section>
  );
}

function Styles({ styles }: { styles: AdminStyle[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { read } = useLanguages();
  const { notice, errors, busy, save } = useAdminSave();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = new FormData();
    body.set(
      'data',
      JSON.stringify({
        slug: String(data.get('slug') ?? '').trim(),
        translations: Object.fromEntries(Object.entries(read(data)).filter(([, value]) => value)),
      }),
    );
    const image = data.get('image');
    if (image instanceof File && image.size > 0) body.set('image', image);
    const ok = await save(() => createStyle(api, body), t('admin.catalogue.saved'));
    if (ok) form.reset();
  }

  return (
    <section aria-labelledby="admin-styles-title" className="space-y-4">
      <h2 id="admin-styles-title" className="text-lg font-semibold text-slate-900">
        {t('admin.catalogue.styles')}
      </h2>
      <NoticeBar notice={notice} />
      <Table
        actions
        head={[
          t('admin.catalogue.picture'),
          t('admin.catalogue.title'),
          t('admin.catalogue.slug'),
          t('admin.catalogue.productCount'),
          t('admin.offers.actions'),
        ]}
      >
        {styles.map((style) => (
          <tr key={style.id}>
            <td className="px-4 py-2">
              {style.image_url ? (
                <img
                  src={style.image_url}
                  alt=""
                  width={40}
                  height={40}
                  className="h-10 w-10 rounded-lg object-cover"
                  loading="lazy"
                />
              ) : null}
            </td>
            <td className="px-4 py-3">
              <details>
                <summary className="cursor-pointer">{style.title}</summary>
                <form
                  className="mt-3 space-y-3"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const data = new FormData(event.currentTarget);
                    void save(
                      () =>
                        updateStyle(api, style.id, {
                          translations: read(data, style.translations),
                        }),
                      t('admin.catalogue.saved'),
                    );
                  }}
                >
                  <TitleFields current={style.translations} errors={{}} idPrefix={`style-${style.id}`} />
                  <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
                    {t('admin.catalogue.save')}
                  </SubmitButton>
                </form>
              </details>
            </td>
            <td className="px-4 py-3 text-slate-600">{style.slug}</td>
            <td className="px-4 py-3">{style.product_count}</td>
            <td className="px-4 py-3">
              <ConfirmButton
                label={t('admin.catalogue.delete')}
                question={t('admin.catalogue.confirmDeleteStyle', {
                  title: style.title,
                  count: style.product_count,
                })}
                disabled={busy}
                onConfirm={() => save(() => deleteStyle(api, style.id), t('admin.catalogue.deleted'))}
              />
            </td>
          </tr>
        ))}
      </Table>
      <form onSubmit={add} noValidate className="space-y-3 rounded-xl border border-slate-200 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('admin.catalogue.newStyle')}</h3>
        <TextField
          label={t('admin.catalogue.slug')}
          name="slug"
          required
          maxLength={100}
          error={errors.slug}
        />
        <TitleFields errors={errors} idPrefix="new-style" />
        <div>
          <label htmlFor="new-style-image" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('admin.catalogue.picture')}
          </label>
          <input
            id="new-style-image"
            name="image"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="block text-sm"
          />
          {errors.image ? <p className="mt-1.5 text-sm text-red-600">{errors.image}</p> : null}
        </div>
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.create')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** The category tree and the styles: titles in every language, additions and deletions. */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <div className="space-y-10">
      <Link
        to={paths.admin(locale, 'products')}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t('admin.catalogue.backToList')}
      </Link>
      {loaderData.categories ? (
        <Categories categories={loaderData.categories} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      )}
      {loaderData.styles ? (
        <Styles styles={loaderData.styles} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      )}
    </div>
  );
}
