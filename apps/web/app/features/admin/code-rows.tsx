import { type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton, TextField } from '../../components/ui/form-fields';
import type { ApiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { Table } from './admin-table';
import { bodyResolver, errorAt, NoticeBar, useAdminSave } from './admin-ui';
import { inlineBox } from './content-panel';

/**
 * The site content's lists of records named by a code (currencies, languages): a row per record
 * whose texts and switch are changed in place, and a form that adds one. Each form is checked with
 * the contract's schema of what it sends; the API's refusal lands on the same fields.
 */

/** A text of the record, in its row and in the new record's form. */
export type CodeRowField = {
  name: string;
  label: string;
  /** The input's width in a row, and in the new record's form. */
  rowWidth: string;
  addWidth: string;
  maxLength?: number;
  inputMode?: 'decimal';
};

type CodeRecord = { code: string; active: boolean } & Record<string, unknown>;
type Texts = Record<string, string>;
type RowValues = Texts & { active: boolean };
type Save = ReturnType<typeof useAdminSave>;

/** What was typed, as the contract takes it: each text trimmed. */
function trimmed(values: Texts, names: string[]): Texts {
  return Object.fromEntries(names.map((name) => [name, String(values[name] ?? '').trim()]));
}

export function CodeRows<R extends CodeRecord, U extends FieldValues, C extends FieldValues>({
  records,
  fields,
  codeClass = '',
  updateSchema,
  update,
  add,
}: {
  records: R[];
  fields: CodeRowField[];
  /** How a row writes its code (`uppercase`). */
  codeClass?: string;
  /** The contract's schema of a row's change; `update` sends what it let through. */
  updateSchema: z.ZodType<unknown, U>;
  update: (api: ApiClient, code: string, body: U) => Promise<unknown>;
  add: NewCodeForm<C>;
}) {
  const { t } = useTranslation();
  const saving = useAdminSave();
  return (
    <>
      <NoticeBar notice={saving.notice} />
      <Table
        head={[
          t('admin.content.code'),
          ...fields.map((field) => field.label),
          t('admin.content.active'),
          { hidden: t('admin.offers.actions') },
        ]}
      >
        {records.map((record) => (
          <tr key={record.code}>
            <td className={`px-4 py-3 font-medium ${codeClass}`}>{record.code}</td>
            <td colSpan={fields.length + 2} className="px-4 py-2">
              <CodeRowForm
                record={record}
                fields={fields}
                schema={updateSchema}
                update={update}
                saving={saving}
              />
            </td>
          </tr>
        ))}
      </Table>
      <NewCode form={add} fields={fields} saving={saving} />
    </>
  );
}

function CodeRowForm<U extends FieldValues>({
  record,
  fields,
  schema,
  update,
  saving,
}: {
  record: CodeRecord;
  fields: CodeRowField[];
  schema: z.ZodType<unknown, U>;
  update: (api: ApiClient, code: string, body: U) => Promise<unknown>;
  saving: Save;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const names = fields.map((field) => field.name);
  const { register, handleSubmit, setError, formState } = useForm<RowValues, unknown, U>({
    defaultValues: {
      ...Object.fromEntries(names.map((name) => [name, String(record[name] ?? '')])),
      active: record.active,
    } as RowValues,
    // The schema checks the body before it goes: what it lets through is the change it describes.
    resolver: bodyResolver(
      schema,
      (values: RowValues) => ({ ...trimmed(values, names), active: values.active }) as unknown as U,
    ),
  });
  const onSubmit = handleSubmit((body) =>
    saving.save(() => update(api, record.code, body), undefined, {
      setError,
      fields: [...names, 'active'],
    }),
  );
  return (
    <form className="flex flex-wrap items-center gap-3" onSubmit={onSubmit} noValidate>
      {fields.map((field) => {
        const error = errorAt(formState.errors, field.name, t);
        const errorId = `${record.code}-${field.name}-error`;
        return (
          <div key={field.name}>
            <input
              aria-label={`${field.label} ${record.code}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              inputMode={field.inputMode}
              className={`${inlineBox} ${field.rowWidth} ${error ? 'border-red-500' : ''}`}
              // In the server's page too, before the form's script takes the field over.
              defaultValue={String(record[field.name] ?? '')}
              {...register(field.name)}
            />
            {error ? (
              <p id={errorId} className="mt-1 text-xs text-red-600">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" defaultChecked={record.active} {...register('active')} />
        {t('admin.content.active')}
      </label>
      <button
        type="submit"
        disabled={saving.busy}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold hover:bg-slate-50"
      >
        {t('admin.catalogue.save')}
      </button>
    </form>
  );
}

/** The form that adds a record: its code and its texts. */
export type NewCodeForm<C extends FieldValues> = {
  id: string;
  title: string;
  hint?: string;
  codeLabel: string;
  codeMaxLength: number;
  codeAutoCapitalize: 'characters' | 'none';
  /** The contract's schema of a new record; `create` sends what it let through. */
  schema: z.ZodType<unknown, C>;
  create: (api: ApiClient, body: C) => Promise<unknown>;
};

function NewCode<C extends FieldValues>({
  form,
  fields,
  saving,
}: {
  form: NewCodeForm<C>;
  fields: CodeRowField[];
  saving: Save;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const names = ['code', ...fields.map((field) => field.name)];
  const empty = Object.fromEntries(names.map((name) => [name, '']));
  const { register, handleSubmit, setError, formState, reset } = useForm<Texts, unknown, C>({
    defaultValues: empty,
    // The schema checks the body before it goes: what it lets through is the record it describes.
    resolver: bodyResolver(form.schema, (values: Texts) => trimmed(values, names) as unknown as C),
  });
  const errorOf = (name: string) => errorAt(formState.errors, name, t);
  const onSubmit = handleSubmit(async (body) => {
    const ok = await saving.save(() => form.create(api, body), undefined, { setError, fields: names });
    if (ok) reset(empty);
  });
  return (
    <form
      noValidate
      aria-labelledby={`${form.id}-title`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={onSubmit}
    >
      <h3 id={`${form.id}-title`} className="w-full text-sm font-semibold text-slate-900">
        {form.title}
      </h3>
      {form.hint ? <p className="w-full text-xs text-slate-600">{form.hint}</p> : null}
      <TextField
        label={form.codeLabel}
        maxLength={form.codeMaxLength}
        autoCapitalize={form.codeAutoCapitalize}
        className="w-32"
        error={errorOf('code')}
        {...register('code')}
      />
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          maxLength={field.maxLength}
          inputMode={field.inputMode}
          className={field.addWidth}
          error={errorOf(field.name)}
          {...register(field.name)}
        />
      ))}
      <SubmitButton busy={saving.busy} busyLabel={t('admin.security.working')}>
        {t('admin.currencies.addButton')}
      </SubmitButton>
    </form>
  );
}
