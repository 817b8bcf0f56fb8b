import type { AdminStyle } from '@promptmarket/contracts/admin-catalogue';
import type { FormEvent } from 'react';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { Table } from './admin-table';
import { NoticeBar, useAdminSave } from './admin-ui';
import { createStyle, deleteStyle, updateStyle } from './api';
import { ConfirmButton } from './confirm-button';
import { TitleFields, useTitleLanguages } from './title-fields';

/** The styles: each style's picture and titles in every language, its deletion, and a new style. */
export function StyleEditor({ styles }: { styles: AdminStyle[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { read } = useTitleLanguages();
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
