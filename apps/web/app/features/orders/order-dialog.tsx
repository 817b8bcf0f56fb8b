import type { Order } from '@promptmarket/contracts/orders';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { RelativeTime } from '../../lib/relative-time';
import { useSite } from '../../lib/site-data';
import { DEFAULT_IMAGE_SIZE } from '../../lib/site-defaults';
import { downloadOrder } from './api';
import { BoughtPrompt } from './bought-prompt';
import { useDownload } from './use-download';

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30';

/** A bought prompt: its picture, details, receipt and the download in the chosen format and size. */
export default function OrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const [format, setFormat] = useState(settings.formats[0] ?? 'jpg');
  const [size, setSize] = useState(settings.sizes[0] ?? DEFAULT_IMAGE_SIZE);
  const { progress, error, download } = useDownload();

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      {/* Wide, the picture beside the details: the Download button shows without scrolling at 1280x800. */}
      <DialogContent closeLabel={t('orders.close')} aria-describedby={undefined} className="sm:max-w-3xl">
        <DialogTitle>{order.title}</DialogTitle>
        <div className="mt-4 grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <img
              src={order.image}
              alt=""
              width={640}
              height={640}
              className="aspect-square w-full rounded-xl object-cover"
            />
            {order.description ? <p className="mt-3 text-sm text-slate-600">{order.description}</p> : null}
          </div>
          <div>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-500">{t('orders.id', { id: order.id })}</dt>
              </div>
              <div>
                <dt className="text-slate-500">{t('orders.price')}</dt>
                <dd className="font-medium">
                  {formatCredits(centsFromDecimal(order.price), locale, order.currency, t)}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-slate-500">{t('orders.date')}</dt>
                <dd className="font-medium">
                  <RelativeTime iso={order.created_at} />
                </dd>
              </div>
            </dl>
            <Link
              to={paths.receipt(locale, 'purchase', order.order_id)}
              className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {t('receipts.open')}
            </Link>
            <BoughtPrompt prompt={order.prompt} className="mt-4" />
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
              onClick={() =>
                download((client, onProgress) =>
                  downloadOrder(client, order.id, { format, size }, onProgress),
                )
              }
              disabled={progress !== null}
              className="mt-5 inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {progress !== null ? t('orders.downloading', { percent: progress }) : t('orders.download')}
            </button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
