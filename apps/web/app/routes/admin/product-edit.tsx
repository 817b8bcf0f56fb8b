import type { AdminProduct } from '@promptmarket/contracts/admin-catalogue';
import { type FormEvent, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import {
  createProduct,
  deleteProduct,
  getProduct,
  replaceProductImage,
  updateProduct,
} from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { ProductDetailFields, ProductTextFields } from '../../features/admin/product-fields';
import { useTitleLanguages } from '../../features/admin/title-fields';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
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

type Errors = Record<string, string>;

/** The first message of each field of a refusal. */
function errorsOf(caught: unknown): Errors {
  if (!(caught instanceof ApiError) || !caught.errors) return {};
  return Object.fromEntries(
    Object.entries(caught.errors).map(([name, messages]) => [name, messages[0] ?? '']),
  );
}

/**
 * One product in the editor: its texts in every language of the shop, prompt, price, category,
 * styles, flags and picture. A new product needs its original picture; an existing one may get a
 * new one. What is saved shows in the shop at once.
 */
export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { ordered } = useTitleLanguages();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { product, failed, missing } = loaderData;
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const translations: Record<string, { title: string; description: string } | null> = {};
    for (const code of ordered) {
      const title = text(`title_${code}`);
      const description = text(`description_${code}`);
      if (title) translations[code] = { title, description };
      else if (code !== 'en' && product?.translations[code]) translations[code] = null;
    }
    const body = {
      category_id: text('category_id'),
      style_ids: form.getAll('style_ids').map(Number),
      price: text('price'),
      prompt: text('prompt'),
      hero: form.get('hero') === 'on',
      featured: form.get('featured') === 'on',
      hidden: form.get('hidden') === 'on',
      translations,
    };
    const image = form.get('image');
    const picture = image instanceof File && image.size > 0 ? image : null;
    const found: Errors = {};
    if (!translations.en) found['translations.en.title'] = t('admin.catalogue.englishTitle');
    if (!product && !picture) found.image = t('admin.catalogue.pictureRequired');
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (!product) {
        const data = new FormData();
        data.set(
          'data',
          JSON.stringify({
            ...body,
            translations: Object.fromEntries(Object.entries(translations).filter(([, value]) => value)),
          }),
        );
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
      const fields = errorsOf(caught);
      setErrors(fields);
      const message = caught instanceof ApiError ? caught.message : String(caught);
      setNotice({
        kind: 'error',
        text:
          Object.keys(fields).length > 0
            ? t('admin.catalogue.checkFields')
            : t('admin.actionFailed', { message }),
      });
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<boolean> {
    if (!product) return false;
    try {
      await deleteProduct(api, product.id);
      navigate(`${list}?deleted=1`);
      return true;
    } catch (caught) {
      const fields = errorsOf(caught);
      setNotice({
        kind: 'error',
        text:
          fields.product ??
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
      <form onSubmit={submit} noValidate className="space-y-6" key={product?.id ?? 'new'}>
        <ProductTextFields product={product} errors={errors} />
        <ProductDetailFields product={product} errors={errors} />
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
