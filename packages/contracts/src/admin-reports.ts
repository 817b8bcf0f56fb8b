import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';

/**
 * The back office's books: sales per day, week or month from the ledger, compared with the
 * period before, and the CSV exports of orders, deposits, payouts, accounts and the audit log.
 */

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** The series a report draws, each a kind of ledger move. */
export const reportSeries = ['deposits', 'sales', 'generations', 'payouts'] as const;
export type ReportSeries = (typeof reportSeries)[number];

/**
 * The longest range a report or an export covers, in days, per bucket size: a year of days, three
 * years of weeks, five years of months. Longer asks are refused rather than cut short.
 */
export const reportMaxDays: Record<ReportPeriod, number> = { day: 366, week: 3 * 366, month: 5 * 366 };
/** An export covers at most this many days (the year and a day of a leap year). */
export const exportMaxDays = 5 * 366;

const isoDate = z
  .string('field.invalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date.invalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'date.invalid');

/** The day `days` after (or before) an ISO date, as an ISO date. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function checkRange(value: { from: string; to: string }, maxDays: number, context: z.RefinementCtx) {
  // A date that is not one has its own 422 already.
  if (Number.isNaN(daysBetween(value.from, value.to))) return;
  if (value.from > value.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'range.order' });
  } else if (daysBetween(value.from, value.to) > maxDays) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'range.too_long' });
  }
}

/** Today in UTC, as the default end of a range. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * `GET /admin/reports/sales`: dates are whole UTC days, both counted; by default the last 30
 * days by day.
 */
export const adminSalesReportRequest = z
  .object({
    period: z.enum(reportPeriods, 'field.invalid').default('day'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((query, context) => checkRange(reportRange(query), reportMaxDays[query.period], context));
/** A report's range with its defaults: the 30 days up to today. */
export function reportRange(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? today();
  return { from: query.from ?? addDays(to, -29), to };
}
export type AdminSalesReportRequest = z.output<typeof adminSalesReportRequest>;

const amounts = {
  count: z.number().int(),
  /** Internal-currency units (credits), two decimals. */
  amount: z.number(),
  /** What that is worth in the base currency at today's rate. */
  amount_eur: z.number(),
};

export const adminReportBucket = z.object({
  /** The first day of the bucket (a Monday for weeks, the 1st for months). */
  start: z.string(),
  ...amounts,
});
export type AdminReportBucket = z.infer<typeof adminReportBucket>;

export const adminReportTotal = z.object({
  ...amounts,
  previous: z.object(amounts),
  /** The change in amount against the previous period, in percent; null when that was zero. */
  change_percent: z.number().nullable(),
});
export type AdminReportTotal = z.infer<typeof adminReportTotal>;

export const adminSalesReport = z.object({
  period: z.enum(reportPeriods),
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before. */
  previous: z.object({ from: z.string(), to: z.string() }),
  /** EUR per credit, the shop's rate today. */
  internal_currency_rate_eur: z.string(),
  series: z.object({
    deposits: z.array(adminReportBucket),
    sales: z.array(adminReportBucket),
    generations: z.array(adminReportBucket),
    payouts: z.array(adminReportBucket),
  }),
  totals: z.object({
    deposits: adminReportTotal,
    sales: adminReportTotal,
    generations: adminReportTotal,
    payouts: adminReportTotal,
  }),
});
export type AdminSalesReport = z.infer<typeof adminSalesReport>;
export const adminSalesReportResponse = okEnvelope(adminSalesReport);

/* Exports */

export const exportKinds = ['orders', 'deposits', 'payouts', 'users', 'audit'] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportLanguages = ['en', 'de', 'fr', 'es', 'it', 'pl'] as const;
export type ExportLanguage = (typeof exportLanguages)[number];

export const adminExportParams = z.object({ kind: z.enum(exportKinds, 'field.invalid') });

/**
 * `GET /admin/exports/:kind.csv`: rows created from `from` to `to` (whole UTC days, both counted;
 * by default this month so far), in `lang`'s language and spreadsheet conventions (by default the
 * admin's own).
 */
export const adminExportRequest = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    lang: z.enum(exportLanguages, 'field.invalid').optional(),
  })
  .superRefine((query, context) => checkRange(exportRange(query), exportMaxDays, context));
/** An export's range with its defaults: this month up to today. */
export function exportRange(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? today();
  return { from: query.from ?? `${to.slice(0, 8)}01`, to };
}
export type AdminExportRequest = z.output<typeof adminExportRequest>;

export const adminExportResponse = z
  .string()
  .describe(
    'text/csv with a UTF-8 BOM: a translated header row, then one row per record; `;` and a decimal comma for de, fr, es, it, pl, `,` and a decimal point for en',
  );

export const adminReportsEndpoints = {
  sales: defineEndpoint({
    method: 'GET',
    path: '/admin/reports/sales',
    summary:
      'Deposits, sales, generations and payouts per day, week or month, in credits and EUR, against the period before',
    query: adminSalesReportRequest,
    response: adminSalesReportResponse,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/admin/exports/:kind.csv',
    summary:
      'Orders, deposits, payouts, accounts or the audit log of a period as CSV in a language’s spreadsheet conventions, streamed',
    params: adminExportParams,
    query: adminExportRequest,
    response: adminExportResponse,
  }),
};
