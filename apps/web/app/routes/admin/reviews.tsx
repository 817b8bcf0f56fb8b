import { useNavigation, useRevalidator } from 'react-router';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminAction } from '../../features/admin/admin-ui';
import { listQuery } from '../../features/admin/list-controls';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { REVIEW_VISIBILITIES, ReviewRow, useReviewColumns } from '../../features/admin/review-queue';
import { getReportedReviews } from '../../features/admin/reviews-api';
import { useTranslation } from '../../lib/i18n';
import type { Route } from './+types/reviews';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.reviews');

export const loader = (args: Route.LoaderArgs) =>
  loadList(args, getReportedReviews, listQuery(args.request, { hidden: REVIEW_VISIBILITIES }));

/**
 * Reviews that visitors reported, the newest report first: the admin reads each and hides it from
 * the shop (it leaves the product's rating) or shows a hidden one again, each in the audit log.
 */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { notice, busy, run } = useAdminAction();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const columns = useReviewColumns();
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';
  return (
    <AdminListPage
      name="reviews"
      title={t('admin.nav.reviews')}
      status={{
        statuses: REVIEW_VISIBILITIES,
        param: 'hidden',
        name: t('admin.reviews.filter'),
        label: (hidden) => t(hidden === 'true' ? 'admin.reviews.hiddenFilter' : 'admin.reviews.shownFilter'),
      }}
      notice={notice}
      busy={loading}
      list={loaderData.list}
      failed={t('admin.reviews.failed')}
      empty={t('admin.reviews.empty')}
      actions
      head={columns}
      row={(review) => <ReviewRow key={review.id} review={review} run={run} busy={busy || loading} />}
    >
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          {t('admin.reviews.loading')}
        </p>
      ) : null}
    </AdminListPage>
  );
}
