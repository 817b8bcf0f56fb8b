import type { AdminReportBucket } from '@promptmarket/contracts/admin-reports';
import { useId } from 'react';

/** How the chart writes what it shows: an amount, a bucket's first day, the label of its numbers. */
export type ChartTexts = {
  title: string;
  /** The sentence a screen reader reads for the picture: what it shows and its total. */
  summary: string;
  showNumbers: string;
  head: { start: string; count: string; credits: string; eur: string };
  credits: (amount: number) => string;
  eur: (amount: number) => string;
  day: (start: string) => string;
};

const WIDTH = 300;
const HEIGHT = 120;

/**
 * One series of the sales report as a bar per day, week or month: a small SVG drawn on the
 * server, no chart library. The picture has a text label for screen readers, and its numbers are
 * in a real table below it, so nothing is only in the picture. Its words sit outside the SVG, in
 * the page's text, so they stay readable when the chart shrinks to a phone's width.
 */
export function SalesChart({
  buckets,
  unit,
  texts,
}: {
  buckets: readonly AdminReportBucket[];
  unit: 'credits' | 'eur';
  texts: ChartTexts;
}) {
  const titleId = useId();
  const value = (bucket: AdminReportBucket) => (unit === 'eur' ? bucket.amount_eur : bucket.amount);
  const written = (bucket: AdminReportBucket) =>
    unit === 'eur' ? texts.eur(bucket.amount_eur) : texts.credits(bucket.amount);
  const max = Math.max(0, ...buckets.map(value));
  const slot = WIDTH / Math.max(1, buckets.length);
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0;
  const first = buckets[0];
  const last = buckets.at(-1);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm font-semibold text-slate-900">
        {texts.title}
      </figcaption>
      <p className="mt-1 text-xs text-slate-500">
        {max > 0 ? (unit === 'eur' ? texts.eur(max) : texts.credits(max)) : '\u00a0'}
      </p>
      <svg
        role="img"
        aria-label={texts.summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-32 w-full"
      >
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          className="stroke-slate-300"
          strokeWidth="1"
        />
        {buckets.map((bucket, index) => {
          const height = max > 0 ? (value(bucket) / max) * (HEIGHT - 4) : 0;
          return (
            <rect
              key={bucket.start}
              x={index * slot + gap / 2}
              y={HEIGHT - 1 - height}
              width={Math.max(0.5, slot - gap)}
              height={height}
              className="fill-brand-600"
            >
              <title>{`${texts.day(bucket.start)}: ${written(bucket)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <p className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
          <span>{texts.day(first.start)}</span>
          <span>{texts.day(last.start)}</span>
        </p>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer rounded text-sm font-medium text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
          {texts.showNumbers}
        </summary>
        {/* Focusable, so that a long table scrolls from the keyboard too. */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to scroll it
          tabIndex={0}
          aria-label={texts.title}
          className="mt-2 max-h-72 overflow-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">{texts.title}</caption>
            <thead className="bg-slate-50 uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-2 py-1.5">
                  {texts.head.start}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {texts.head.count}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {texts.head.credits}
                </th>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {texts.head.eur}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row" className="whitespace-nowrap px-2 py-1.5 font-normal">
                    {texts.day(bucket.start)}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{bucket.count}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                    {texts.credits(bucket.amount)}
                  </td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                    {texts.eur(bucket.amount_eur)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
