import {
  type AdminCategory,
  adminCategoryCreate,
  adminCategoryUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import { useTranslation } from '../../lib/i18n';
import { createCategory, deleteCategory, updateCategory } from './api';
import { NamedEditor } from './named-editor';

type NewCategory = { slug: string; parent_id: string; translations: Record<string, { title: string }> };

/** The category tree: each category's titles in every language, its deletion, and a new category. */
export function CategoryEditor({ categories }: { categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const tops = categories.filter((category) => category.parent_id === null);
  return (
    <NamedEditor
      id="admin-categories"
      heading={t('admin.catalogue.categories')}
      records={categories}
      titleCellClass={(category) => `px-4 py-3 ${category.parent_id === null ? 'font-semibold' : 'pl-10'}`}
      confirmDelete={(category) => t('admin.catalogue.confirmDelete', { title: category.title })}
      updateSchema={adminCategoryUpdate}
      update={updateCategory}
      remove={deleteCategory}
      create={{
        title: t('admin.catalogue.newCategory'),
        idPrefix: 'new-category',
        defaultValues: { slug: '', parent_id: '', translations: {} } satisfies NewCategory,
        schema: adminCategoryCreate,
        toBody: (values: NewCategory, translations) => ({
          slug: values.slug.trim(),
          parent_id: values.parent_id ? Number(values.parent_id) : null,
          translations,
        }),
        send: createCategory,
        fields: ['parent_id'],
        besideSlug: ({ register }, errorOf) => {
          const error = errorOf('parent_id');
          return (
            <div>
              <label
                htmlFor="new-category-parent"
                className="mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.catalogue.parent')}
              </label>
              <select
                id="new-category-parent"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'new-category-parent-error' : undefined}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm"
                {...register('parent_id')}
              >
                <option value="">{t('admin.catalogue.topLevel')}</option>
                {tops.map((top) => (
                  <option key={top.id} value={top.id}>
                    {top.title}
                  </option>
                ))}
              </select>
              {error ? (
                <p id="new-category-parent-error" className="mt-1.5 text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </div>
          );
        },
      }}
    />
  );
}
