import type { AdminCategory } from '@promptmarket/contracts/admin-catalogue';
import type { FormEvent } from 'react';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { Table } from './admin-table';
import { NoticeBar, useAdminSave } from './admin-ui';
import { createCategory, deleteCategory, updateCategory } from './api';
import { ConfirmButton } from './confirm-button';
import { TitleFields, useTitleLanguages } from './title-fields';

/** The category tree: each category's titles in every language, its deletion, and a new category. */
export function CategoryEditor({ categories }: { categories: AdminCategory[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { read } = useTitleLanguages();
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
