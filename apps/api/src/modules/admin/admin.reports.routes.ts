import { minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type AdminReportBucket,
  type AdminReportTotal,
  type AdminSalesReport,
  addDays,
  adminReportsEndpoints,
  daysBetween,
  type ReportPeriod,
  type ReportSeries,
  reportRange,
  reportSeries,
} from '@promptmarket/contracts/admin-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { eurCentsFromInternal } from '../site/site.rates';
import { getStoredSettings } from '../site/site.service';
import { type LedgerBucket, ledgerMovesByBucket } from '../wallet/wallet.reports';

/** The ledger's kind of move each series counts: sales are purchases of prompts and cart checkouts. */
const seriesKinds: Record<ReportSeries, string> = {
  deposits: 'deposit',
  sales: 'purchase',
  generations: 'generation',
  payouts: 'payout',
};

/** Midnight UTC at the start of an ISO date. */
function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The first day of the bucket holding `date`: itself, its week's Monday or its month's 1st. */
function bucketStart(date: string, period: ReportPeriod): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 8)}01`;
  const weekday = (dayStart(date).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Every bucket from the one holding `from` to the one holding `to`, empty ones included. */
function bucketStarts(from: string, to: string, period: ReportPeriod): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, period); start <= to; ) {
    starts.push(start);
    if (period === 'day') start = addDays(start, 1);
    else if (period === 'week') start = addDays(start, 7);
    else {
      const next = dayStart(start);
      next.setUTCMonth(next.getUTCMonth() + 1);
      start = next.toISOString().slice(0, 10);
    }
  }
  return starts;
}

/** Sales at a glance: the ledger's moves per bucket, in credits and in EUR, against the period before. */
export async function adminReportsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminReportsEndpoints.sales),
    handler: async (request) => {
      const { period } = request.query;
      const { from, to } = reportRange(request.query);
      const days = daysBetween(from, to);
      const previous = { from: addDays(from, -days), to: addDays(from, -1) };
      const kinds = Object.values(seriesKinds);
      const [buckets, currentTotals, previousTotals, settings] = await Promise.all([
        ledgerMovesByBucket(app.db, { period, from: dayStart(from), to: dayStart(addDays(to, 1)), kinds }),
        // A period's totals are its days' own: a week that straddles the start is not counted twice.
        ledgerMovesByBucket(app.db, {
          period: 'month',
          from: dayStart(from),
          to: dayStart(addDays(to, 1)),
          kinds,
        }),
        ledgerMovesByBucket(app.db, {
          period: 'month',
          from: dayStart(previous.from),
          to: dayStart(from),
          kinds,
        }),
        getStoredSettings(app.db),
      ]);
      const rate = settings.internal_currency_rate_eur;
      const amounts = (count: number, total: number) => ({
        count,
        amount: minorUnitsToNumber(total),
        amount_eur: minorUnitsToNumber(eurCentsFromInternal(total, rate)),
      });
      const sum = (rows: LedgerBucket[], kind: string) =>
        rows
          .filter((row) => row.kind === kind)
          .reduce((acc, row) => ({ count: acc.count + row.count, total: acc.total + row.total }), {
            count: 0,
            total: 0,
          });
      const starts = bucketStarts(from, to, period);
      const series = {} as Record<ReportSeries, AdminReportBucket[]>;
      const totals = {} as Record<ReportSeries, AdminReportTotal>;
      for (const name of reportSeries) {
        const kind = seriesKinds[name];
        series[name] = starts.map((start) => {
          const found = buckets.find((row) => row.kind === kind && row.start === start);
          return { start, ...amounts(found?.count ?? 0, found?.total ?? 0) };
        });
        const now = sum(currentTotals, kind);
        const before = sum(previousTotals, kind);
        totals[name] = {
          ...amounts(now.count, now.total),
          previous: amounts(before.count, before.total),
          change_percent:
            before.total === 0 ? null : Math.round(((now.total - before.total) / before.total) * 1000) / 10,
        };
      }
      const payload: AdminSalesReport = {
        period,
        from,
        to,
        previous,
        internal_currency_rate_eur: rate,
        series,
        totals,
      };
      return { status: 'OK' as const, payload };
    },
  });
}
