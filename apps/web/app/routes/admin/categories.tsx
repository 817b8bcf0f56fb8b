import type { AdminCategory, AdminStyle } from '@promptmarket/contracts/admin-catalogue';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { getCategories, getStyles } from '../../features/admin/api';
import { CategoryEditor } from '../../features/admin/category-editor';
import { StyleEditor } from '../../features/admin/style-editor';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
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
        <CategoryEditor categories={loaderData.categories} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      )}
      {loaderData.styles ? (
        <StyleEditor styles={loaderData.styles} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      )}
    </div>
  );
}
