import {
  type AdminStyle,
  type AdminStyleCreate,
  adminStyleCreate,
  adminStyleUpdate,
} from '@promptmarket/contracts/admin-catalogue';
import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { createStyle, deleteStyle, updateStyle } from './api';
import { NamedEditor } from './named-editor';

type NewStyle = { slug: string; translations: Record<string, { title: string }> };

/** The styles: each style's picture and titles in every language, its deletion, and a new style. */
export function StyleEditor({ styles }: { styles: AdminStyle[] }) {
  const { t } = useTranslation();
  // The picture travels beside the style's data (multipart), so the form's check does not hold it.
  const picture = useRef<HTMLInputElement>(null);
  return (
    <NamedEditor
      id="admin-styles"
      heading={t('admin.catalogue.styles')}
      records={styles}
      leading={{
        head: t('admin.catalogue.picture'),
        cell: (style) =>
          style.image_url ? (
            <img
              src={style.image_url}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 rounded-lg object-cover"
              loading="lazy"
            />
          ) : null,
      }}
      confirmDelete={(style) =>
        t('admin.catalogue.confirmDeleteStyle', { title: style.title, count: style.product_count })
      }
      updateSchema={adminStyleUpdate}
      update={updateStyle}
      remove={deleteStyle}
      create={{
        title: t('admin.catalogue.newStyle'),
        idPrefix: 'new-style',
        defaultValues: { slug: '', translations: {} } satisfies NewStyle,
        schema: adminStyleCreate,
        toBody: (values: NewStyle, translations): AdminStyleCreate => ({
          slug: values.slug.trim(),
          translations,
        }),
        send: (api, style) => {
          const body = new FormData();
          body.set('data', JSON.stringify(style));
          const image = picture.current?.files?.[0];
          if (image && image.size > 0) body.set('image', image);
          return createStyle(api, body);
        },
        fields: ['image'],
        afterTitles: (_form, errorOf) => {
          const error = errorOf('image');
          return (
            <div>
              <label htmlFor="new-style-image" className="mb-1.5 block text-sm font-medium text-slate-800">
                {t('admin.catalogue.picture')}
              </label>
              <input
                ref={picture}
                id="new-style-image"
                name="image"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'new-style-image-error' : undefined}
                className="block text-sm"
              />
              {error ? (
                <p id="new-style-image-error" className="mt-1.5 text-sm text-red-600">
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
