import { type Order, ordersResponse } from '@promptmarket/contracts/orders';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from '../components/ui/dialog';
import { FormAlert } from '../components/ui/form-fields';
import { downloadFile } from '../features/orders/download';
import { serverApi } from '../lib/api.server';
import { useTranslation } from '../lib/i18n';
import { centsFromDecimal, formatInternal } from '../lib/money';
import { pageMeta } from '../lib/seo';
import { useSite } from '../lib/site-data';
import type { Route } from './+types/dashboard-orders';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'orders.title' }),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await serverApi(request, context, params.locale, true).get(
      '/purchase/history',
      ordersResponse,
    );
    return { orders: payload, failed: false };
  } catch {
    return { orders: [] as Order[], failed: true };
  }
}

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30';

function OrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const [format, setFormat] = useState(settings.formats[0] ?? 'jpg');
  const [size, setSize] = useState(settings.sizes[0] ?? '1024x1024');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.created_at),
  );

  async function download() {
    setError(null);
    setProgress(0);
    try {
      await downloadFile(
        `/api/purchase/${order.id}/download?${new URLSearchParams({ format, size })}`,
        locale,
        setProgress,
      );
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('orders.downloadFailed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t('orders.close')} aria-describedby={undefined}>
        <DialogTitle>{order.title}</DialogTitle>
        <img src={order.image} alt="" className="mt-4 aspect-square w-full rounded-xl object-cover" />
        {order.description ? <p className="mt-3 text-sm text-slate-600">{order.description}</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">{t('orders.id', { id: order.id })}</dt>
          </div>
          <div>
            <dt className="text-slate-500">{t('orders.price')}</dt>
            <dd className="font-medium">
              {formatInternal(centsFromDecimal(order.price), locale, order.currency)}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-500">{t('orders.date')}</dt>
            <dd className="font-medium">{date}</dd>
          </div>
        </dl>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <label className="text-sm font-medium text-slate-800">
            {t('orders.format')}
            <select
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              className={`${selectClass} mt-1`}
            >
              {settings.formats.map((item) => (
                <option key={item} value={item}>
                  {item.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t('orders.size')}
            <select
              value={size}
              onChange={(event) => setSize(event.target.value)}
              className={`${selectClass} mt-1`}
            >
              {settings.sizes.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error ? (
          <div className="mt-4">
            <FormAlert kind="error">{error}</FormAlert>
          </div>
        ) : null}
        <button
          type="button"
          onClick={download}
          disabled={progress !== null}
          className="mt-5 inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {progress !== null ? t('orders.downloading', { percent: progress }) : t('orders.download')}
        </button>
      </DialogContent>
    </Dialog>
  );
}

/** Dashboard orders (spec section 2): the prompts bought, each downloadable as a zip. */
export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [open, setOpen] = useState<Order | null>(null);
  const { orders, failed } = loaderData;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-semibold text-slate-900">
        {t('orders.title')}
      </h2>
      {failed ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {t('orders.failed')}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
          {t('orders.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                onClick={() => setOpen(order)}
                aria-label={t('orders.open', { title: order.title })}
                className="block w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm hover:shadow-md"
              >
                <img src={order.image} alt="" loading="lazy" className="aspect-square w-full object-cover" />
                <span className="block p-4">
                  <span className="block font-semibold text-slate-900">{order.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">
                    {formatInternal(centsFromDecimal(order.price), locale, order.currency)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <OrderDialog order={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
