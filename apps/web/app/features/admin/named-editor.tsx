import { type ReactNode, useRef } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import type { BrowserApi } from '../../lib/api-browser';
import type { ApiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { withStartingValues } from './admin-form';
import { Table } from './admin-table';
import { bodyResolver, errorAt, NoticeBar, useAdminSave } from './admin-ui';
import { ConfirmButton } from './confirm-button';
import {
  changedTitles,
  newTitles,
  type TitledValues,
  TitleFields,
  type Titles,
  titleField,
  titlesToEdit,
  useTitleLanguages,
} from './title-fields';

/**
 * The editor of the back office's slugged records with a title per language (categories and
 * styles): the list with each record's titles and its deletion, and the form of a new one. What a
 * kind adds (a column, a field of the new record's form) comes in from its own editor.
 */

export type NamedRecord = {
  id: number;
  slug: string;
  title: string;
  product_count: number;
  translations: Titles;
};

/** What a new record's form holds: its slug and titles, and the fields its kind adds. */
export type NewNamedValues = TitledValues & { slug: string };

type Save = ReturnType<typeof useAdminSave>;
type TitlesChange = { translations: Record<string, { title: string } | null> };
type Update = (api: ApiClient, id: number, body: TitlesChange) => Promise<unknown>;

export type NewRecordForm<V extends NewNamedValues, Body> = {
  title: string;
  idPrefix: string;
  defaultValues: V;
  /** The contract's schema of the new record, checked on what `toBody` makes of the form. */
  schema: z.ZodType<unknown, FieldValues>;
  toBody: (values: V, titles: Titles) => Body & TitledValues;
  send: (api: BrowserApi, body: Body & TitledValues) => Promise<unknown>;
  /** The fields the kind adds, placed after the slug or after the titles; `errorOf` in the page's language. */
  besideSlug?: (
    form: UseFormReturn<V, unknown, Body & TitledValues>,
    errorOf: (name: string) => string | undefined,
  ) => ReactNode;
  afterTitles?: (
    form: UseFormReturn<V, unknown, Body & TitledValues>,
    errorOf: (name: string) => string | undefined,
  ) => ReactNode;
  /** The fields a refusal of the API may name besides the slug and the titles. */
  fields?: readonly string[];
};

export function NamedEditor<R extends NamedRecord, V extends NewNamedValues, Body>({
  id,
  heading,
  records,
  leading,
  titleCellClass = () => 'px-4 py-3',
  confirmDelete,
  updateSchema,
  update,
  remove,
  create,
}: {
  id: string;
  heading: string;
  records: R[];
  /** A column before the title (a style's picture). */
  leading?: { head: string; cell: (record: R) => ReactNode };
  titleCellClass?: (record: R) => string;
  confirmDelete: (record: R) => string;
  /** The contract's schema of a change, checked on the titles a row's form sends. */
  updateSchema: z.ZodType<unknown, FieldValues>;
  update: Update;
  remove: (api: ApiClient, id: number) => Promise<unknown>;
  create: NewRecordForm<V, Body>;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const saving = useAdminSave();
  const { notice, busy, save } = saving;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <NoticeBar notice={notice} />
      <Table
        actions
        head={[
          ...(leading ? [leading.head] : []),
          t('admin.catalogue.title'),
          t('admin.catalogue.slug'),
          t('admin.catalogue.productCount'),
          t('admin.offers.actions'),
        ]}
      >
        {records.map((record) => (
          <tr key={record.id}>
            {leading ? <td className="px-4 py-2">{leading.cell(record)}</td> : null}
            <td className={titleCellClass(record)}>
              <details>
                <summary className="cursor-pointer">{record.title}</summary>
                <TitlesForm
                  idPrefix={`${id}-${record.id}`}
                  record={record}
                  saving={saving}
                  schema={updateSchema}
                  update={update}
                />
              </details>
            </td>
            <td className="px-4 py-3 text-slate-600">{record.slug}</td>
            <td className="px-4 py-3">{record.product_count}</td>
            <td className="px-4 py-3">
              <ConfirmButton
                label={t('admin.catalogue.delete')}
                question={confirmDelete(record)}
                disabled={busy}
                onConfirm={() => save(() => remove(api, record.id), t('admin.catalogue.deleted'))}
              />
            </td>
          </tr>
        ))}
      </Table>
      <NewRecord form={create} saving={saving} />
    </section>
  );
}

/** A record's titles: English stays, a language emptied loses its title. */
function TitlesForm({
  idPrefix,
  record,
  saving,
  schema,
  update,
}: {
  idPrefix: string;
  record: NamedRecord;
  saving: Save;
  schema: z.ZodType<unknown, FieldValues>;
  update: Update;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { ordered } = useTitleLanguages();
  const starting = { translations: titlesToEdit(ordered, record.translations) };
  const { register, handleSubmit, setError, formState } = useForm<TitledValues, unknown, TitlesChange>({
    defaultValues: starting,
    resolver: bodyResolver(schema, (values: TitledValues) => ({
      translations: changedTitles(values.translations, record.translations),
    })),
  });
  const onSubmit = handleSubmit((body) =>
    saving.save(() => update(api, record.id, body), t('admin.catalogue.saved'), {
      setError,
      fields: ordered.map(titleField),
    }),
  );
  return (
    <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
      <TitleFields
        register={withStartingValues(register, starting)}
        errors={formState.errors}
        idPrefix={idPrefix}
      />
      <SubmitButton busy={saving.busy} busyLabel={t('admin.security.working')}>
        {t('admin.catalogue.save')}
      </SubmitButton>
    </form>
  );
}

function NewRecord<V extends NewNamedValues, Body>({
  form,
  saving,
}: {
  form: NewRecordForm<V, Body>;
  saving: Save;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { ordered } = useTitleLanguages();
  const element = useRef<HTMLFormElement>(null);
  const methods = useForm<V, unknown, Body & TitledValues>({
    defaultValues: { ...form.defaultValues, translations: titlesToEdit(ordered) } as DefaultValues<V>,
    resolver: bodyResolver(form.schema, (values: V) => form.toBody(values, newTitles(values.translations))),
  });
  const { register, handleSubmit, setError, formState, reset } = methods;
  const errorOf = (name: string) => errorAt(formState.errors, name, t);
  const onSubmit = handleSubmit(async (body) => {
    const ok = await saving.save(() => form.send(api, body), t('admin.catalogue.saved'), {
      setError,
      fields: ['slug', ...ordered.map(titleField), ...(form.fields ?? [])],
    });
    if (ok) {
      // The native reset empties what the form does not hold itself (a chosen file).
      element.current?.reset();
      reset();
    }
  });
  return (
    <form
      ref={element}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${form.idPrefix}-heading`}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
    >
      <h3 id={`${form.idPrefix}-heading`} className="text-sm font-semibold text-slate-900">
        {form.title}
      </h3>
      <div className={form.besideSlug ? 'grid gap-3 sm:grid-cols-2' : undefined}>
        <TextField
          id={`${form.idPrefix}-slug`}
          label={t('admin.catalogue.slug')}
          required
          maxLength={100}
          error={errorOf('slug')}
          {...register('slug' as never)}
        />
        {form.besideSlug?.(methods, errorOf)}
      </div>
      <TitleFields register={register} errors={formState.errors} idPrefix={form.idPrefix} />
      {form.afterTitles?.(methods, errorOf)}
      <SubmitButton busy={saving.busy} busyLabel={t('admin.security.working')}>
        {t('admin.catalogue.create')}
      </SubmitButton>
    </form>
  );
}
