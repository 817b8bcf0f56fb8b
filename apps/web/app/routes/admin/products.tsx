import { useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { getProducts } from '../../features/admin/api';
import { listQuery } from '../../features/admin/list-controls';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.catalogue.products');

export const loader = (args: Route.LoaderArgs) =>
  loadList(args, getProducts, listQuery(args.request, { category_id: /^\d{1,9}$/, hidden: ['yes', 'no'] }));

/** Filters of the product list: category and visibility, kept in the address with the search. */
function Filters() {
  const { t } = useTranslation();
  const { categories } = useSite();
  const [params, setParams] = useSearchParams();
  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const select = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
  return (
    <div className="flex flex-wrap gap-3">
      <label className="text-sm text-slate-700">
        <span className="sr-only">{t('admin.catalogue.category')}</span>
        <select
          className={select}
          value={params.get('category_id') ?? ''}
          onChange={(event) => change('category_id', event.target.value)}
        >
          <option value="">{t('admin.catalogue.allCategories')}</option>
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
      </label>
      <label className="text-sm text-slate-700">
        <span className="sr-only">{t('admin.catalogue.visibility')}</span>
        <select
          className={select}
          value={params.get('hidden') ?? ''}
          onChange={(event) => change('hidden', event.target.value)}
        >
          <option value="">{t('admin.catalogue.anyVisibility')}</option>
          <option value="no">{t('admin.catalogue.visible')}</option>
          <option value="yes">{t('admin.catalogue.hidden')}</option>
        </select>
      </label>
    </div>
  );
}

/** The catalogue's products, hidden ones too, to find one and open it in the editor. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const base = paths.admin(locale, 'products');
  return (
    <AdminListPage
      name="products"
      title={t('admin.catalogue.products')}
      links={
        <>
          <Link to={paths.admin(locale, 'categories')} className={buttonStyles.secondary}>
            {t('admin.catalogue.categoriesAndStyles')}
          </Link>
          <Link to={`${base}/new`} className={buttonStyles.primary}>
            {t('admin.catalogue.newProduct')}
          </Link>
        </>
      }
      search={t('admin.catalogue.search')}
      filters={<Filters />}
      actions
      list={loaderData.list}
      head={[
        t('admin.catalogue.picture'),
        t('admin.catalogue.title'),
        t('admin.catalogue.category'),
        t('admin.catalogue.price'),
        t('admin.catalogue.shown'),
        t('admin.offers.actions'),
      ]}
      row={(product) => (
        <tr key={product.id}>
          <td className="px-4 py-2">
            <img
              src={product.thumb_url}
              alt=""
              width={48}
              height={48}
              className="h-12 w-12 rounded-lg object-cover"
              loading="lazy"
            />
          </td>
          <td className="px-4 py-3">
            <span className="font-medium text-slate-900">{product.title}</span>
            <p className="text-xs text-slate-500">{product.slug}</p>
          </td>
          <td className="px-4 py-3 text-slate-600">{product.category_title}</td>
          <td className="whitespace-nowrap px-4 py-3">
            {formatInternal(centsFromDecimal(product.price), locale, EURO.code)}
          </td>
          <td className="px-4 py-3">
            {product.hidden ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {t('admin.catalogue.hidden')}
              </span>
            ) : (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                {t('admin.catalogue.visible')}
              </span>
            )}
            {product.featured ? (
              <p className="mt-1 text-xs text-slate-500">{t('admin.catalogue.featured')}</p>
            ) : null}
          </td>
          <td className="px-4 py-3">
            <Link
              to={`${base}/${product.id}`}
              className="font-semibold text-brand-700 hover:underline"
              aria-label={t('admin.catalogue.editNamed', { title: product.title })}
            >
              {t('admin.catalogue.edit')}
            </Link>
          </td>
        </tr>
      )}
    />
  );
}
