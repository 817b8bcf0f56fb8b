import type { AdminProduct } from '@promptmarket/contracts/admin-catalogue';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useRevalidator } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { withStartingValues } from '../../features/admin/admin-form';
import { adminMeta } from '../../features/admin/admin-meta';
import { errorAt, type Notice, NoticeBar } from '../../features/admin/admin-ui';
import {
  createProduct,
  deleteProduct,
  getProduct,
  replaceProductImage,
  updateProduct,
} from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import {
  type ProductBody,
  ProductDetailFields,
  type ProductFormValues,
  ProductTextFields,
  productFieldNames,
  productFormResolver,
  productFormValues,
} from '../../features/admin/product-fields';
import { useTitleLanguages } from '../../features/admin/title-fields';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { chosenFile } from '../../lib/chosen-file';
import { applyServerErrors } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/product-edit';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.product
    ? adminMeta(matches, 'admin.catalogue.editTitle', { title: loaderData.product.title })
    : adminMeta(matches, 'admin.catalogue.newProduct');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.id === 'new') return { product: null, failed: false, missing: false };
  if (!/^\d{1,9}$/.test(params.id)) return { product: null, failed: false, missing: true };
  try {
    const { payload } = await getProduct(serverApi(request, context, params.locale, true), params.id);
    return { product: payload as AdminProduct, failed: false, missing: false };
  } catch (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return { product: null, failed: !missing, missing };
  }
}

/** The refusal's message for the product (it still has sales), else the API's. */
function productRefusal(caught: unknown): string | null {
  return caught instanceof ApiError ? (caught.errors?.product?.[0] ?? null) : null;
}

/**
 * One product in the editor: its texts in every language of the shop, prompt, price, category,
 * styles, flags and picture. A new product needs its original picture; an existing one may get a
 * new one. What is saved shows in the shop at once.
 */
export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { product, failed, missing } = loaderData;
  const list = paths.admin(locale, 'products');

  if (missing || failed) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          {missing ? t('admin.catalogue.notFound') : t('admin.failed')}
        </p>
        <Link to={list} className="font-semibold text-brand-700 hover:underline">
          {t('admin.catalogue.backToList')}
        </Link>
      </div>
    );
  }
  // Another product (the new one just created) is another form, filled from it.
  return <ProductEditor key={product?.id ?? 'new'} product={product} list={list} />;
}

/**
 * The editor's form, checked with the contract the API reads the product with (`adminProductCreate`
 * or `adminProductUpdate`) before it is sent, the API's refusal shown at the same fields.
 */
function ProductEditor({ product, list }: { product: AdminProduct | null; list: string }) {
  const { t } = useTranslation();
  const { ordered } = useTitleLanguages();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  // The languages and the product the form was made for: the form is made again for another product.
  const [form] = useState(() => ({
    languages: ordered,
    resolver: productFormResolver(product, ordered),
    defaultValues: productFormValues(product, ordered),
  }));
  const { register, control, handleSubmit, setError, formState, getValues } = useForm<
    ProductFormValues,
    unknown,
    ProductBody
  >({
    resolver: form.resolver,
    defaultValues: form.defaultValues,
  });
  const shown = withStartingValues(register, form.defaultValues);
  const error = (name: string) => errorAt(formState.errors, name, t);
  const busy = formState.isSubmitting;

  const submit = handleSubmit(
    async (body) => {
      setNotice(null);
      const picture = chosenFile(getValues('image'));
      try {
        if (!product) {
          const data = new FormData();
          data.set('data', JSON.stringify(body));
          if (picture) data.set('image', picture);
          const created = await createProduct(api, data);
          navigate(`${list}/${created.payload.id}?created=1`);
          return;
        }
        await updateProduct(api, product.id, body);
        if (picture) {
          const data = new FormData();
          data.set('image', picture);
          await replaceProductImage(api, product.id, data);
        }
        setNotice({ kind: 'success', text: t('admin.catalogue.saved') });
        revalidator.revalidate();
      } catch (caught) {
        applyServerErrors(caught, setError, productFieldNames(form.languages));
        const named = caught instanceof ApiError && Object.keys(caught.errors ?? {}).length > 0;
        const message = caught instanceof ApiError ? caught.message : String(caught);
        setNotice({
          kind: 'error',
          text: named ? t('admin.catalogue.checkFields') : t('admin.actionFailed', { message }),
        });
      }
    },
    () => setNotice(null),
  );

  async function remove(): Promise<boolean> {
    if (!product) return false;
    try {
      await deleteProduct(api, product.id);
      navigate(`${list}?deleted=1`);
      return true;
    } catch (caught) {
      setNotice({
        kind: 'error',
        text:
          productRefusal(caught) ??
          t('admin.actionFailed', { message: caught instanceof ApiError ? caught.message : String(caught) }),
      });
      return false;
    }
  }

  const created = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('created');
  return (
    <section aria-labelledby="product-editor-title" className="max-w-3xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="product-editor-title" className="text-lg font-semibold text-slate-900">
          {product
            ? t('admin.catalogue.editTitle', { title: product.title })
            : t('admin.catalogue.newProduct')}
        </h2>
        <Link to={list} className="text-sm font-semibold text-brand-700 hover:underline">
          {t('admin.catalogue.backToList')}
        </Link>
      </div>
      {created && !notice ? <FormAlert kind="success">{t('admin.catalogue.created')}</FormAlert> : null}
      <NoticeBar notice={notice} />
      <form onSubmit={submit} noValidate className="space-y-6">
        <ProductTextFields product={product} register={shown} control={control} error={error} />
        <ProductDetailFields product={product} register={shown} control={control} error={error} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
            {product ? t('admin.catalogue.save') : t('admin.catalogue.create')}
          </SubmitButton>
          {product ? (
            <ConfirmButton
              label={t('admin.catalogue.delete')}
              question={t('admin.catalogue.confirmDelete', { title: product.title })}
              disabled={busy}
              onConfirm={remove}
            />
          ) : null}
        </div>
      </form>
    </section>
  );
}
