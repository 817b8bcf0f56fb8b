import { Readable } from 'node:stream';
import {
  addDays,
  adminReportsEndpoints,
  type ExportKind,
  type ExportLanguage,
  exportLanguages,
  exportRange,
} from '@promptmarket/contracts/admin-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CsvCell, csvDialect, csvDocument, keysetPages, money } from '../../lib/csv';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { accountEmails } from '../accounts/accounts.admin';
import { accountsPage } from '../accounts/accounts.exports';
import { signedInUser } from '../accounts/accounts.plugin';
import { auditPage } from '../audit/audit.exports';
import { audited } from '../audit/audit.service';
import { depositsPage } from '../deposits/deposits.exports';
import { orderExportFacts } from '../orders/orders.exports';
import { payoutsPage } from '../payouts/payouts.exports';
import { eurCentsFromInternal } from '../site/site.rates';
import { getStoredSettings } from '../site/site.service';
import { salesPage } from '../wallet/wallet.reports';
import { exportHeaders, orderTypeWords } from './admin.exports.columns';

/** Rows read from the database at a time: a year of orders never sits in memory at once. */
export const EXPORT_PAGE_SIZE = 500;

type Range = { from: Date; to: Date };
type Rows = AsyncIterable<CsvCell[][]>;

/** Turns each page of an owning module's rows into cells, resolving e-mail addresses a page at a time. */
async function* mapped<T>(
  pages: AsyncIterable<T[]>,
  toCells: (rows: T[]) => Promise<CsvCell[][]>,
): AsyncGenerator<CsvCell[][]> {
  for await (const rows of pages) yield await toCells(rows);
}

/**
 * The CSV exports of the back office: each kind read in keyset pages from the module that owns
 * it and streamed as it is read, in the language and spreadsheet conventions asked for. Every
 * export is in the audit log (who took which records of which period).
 */
export async function adminExportsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;
  const emailsOf = (ids: string[]) => accountEmails(db(), ids);

  const readers: Record<ExportKind, (range: Range, lang: ExportLanguage, rate: string) => Rows> = {
    orders: (range, lang, rate) =>
      mapped(
        keysetPages(
          (after: number | undefined, limit: number) => salesPage(db(), { ...range, after, limit }),
          (row) => row.id,
          EXPORT_PAGE_SIZE,
        ),
        async (rows) => {
          const orderIds = rows
            .filter((row) => row.kind === 'purchase')
            .map((row) => Number(row.reference?.split(':')[1]));
          const [emails, items] = await Promise.all([
            emailsOf(rows.flatMap((row) => (row.userId ? [row.userId] : []))),
            orderExportFacts(db(), orderIds),
          ]);
          return rows.map((row) => {
            const number = Number(row.reference?.split(':')[1]) || null;
            const facts = row.kind === 'purchase' && number ? items.get(number) : undefined;
            const type = row.kind === 'generation' ? 'generation' : (facts?.kind ?? 'purchase');
            return [
              row.createdAt,
              orderTypeWords[lang][type],
              number,
              row.userId ? (emails.get(row.userId) ?? null) : null,
              facts?.items ?? null,
              money(row.amount),
              money(eurCentsFromInternal(row.amount, rate)),
            ];
          });
        },
      ),
    deposits: (range) =>
      mapped(
        keysetPages(
          (after: number | undefined, limit: number) => depositsPage(db(), { ...range, after, limit }),
          (row) => row.id,
          EXPORT_PAGE_SIZE,
        ),
        async (rows) => {
          const emails = await emailsOf(rows.map((row) => row.userId));
          return rows.map((row) => [
            row.id,
            row.createdAt,
            row.settledAt,
            emails.get(row.userId) ?? null,
            row.provider,
            row.status,
            row.currency,
            money(row.amountMinor),
            money(row.internalAmount),
            money(row.refundedAmount),
            money(row.disputedAmount),
          ]);
        },
      ),
    payouts: (range) =>
      mapped(
        keysetPages(
          (after: number | undefined, limit: number) => payoutsPage(db(), { ...range, after, limit }),
          (row) => row.id,
          EXPORT_PAGE_SIZE,
        ),
        async (rows) => {
          const emails = await emailsOf(rows.map((row) => row.userId));
          return rows.map((row) => [
            row.id,
            row.createdAt,
            emails.get(row.userId) ?? null,
            row.offerId,
            row.method,
            row.status,
            money(row.amountCents),
            money(row.ledgerAmount),
            row.destination,
            row.batchMessageId,
            row.sentAt,
            row.settledAt,
            row.failureReason,
          ]);
        },
      ),
    users: (range) =>
      mapped(
        keysetPages(
          (after: { createdAt: Date; id: string } | undefined, limit: number) =>
            accountsPage(db(), { ...range, after, limit }),
          (row) => ({ createdAt: row.createdAt, id: row.id }),
          EXPORT_PAGE_SIZE,
        ),
        async (rows) =>
          rows.map((row) => [
            row.id,
            row.createdAt,
            row.email,
            row.firstName,
            row.lastName,
            row.role,
            row.locale,
            row.emailVerifiedAt,
            row.blockedAt,
            row.deletedAt,
          ]),
      ),
    audit: (range) =>
      mapped(
        keysetPages(
          (after: number | undefined, limit: number) => auditPage(db(), { ...range, after, limit }),
          (row) => row.id,
          EXPORT_PAGE_SIZE,
        ),
        async (rows) => {
          const emails = await emailsOf(rows.map((row) => row.adminId));
          return rows.map((row) => [
            row.id,
            row.createdAt,
            emails.get(row.adminId) ?? row.adminId,
            row.action,
            row.subjectType,
            row.subjectId,
          ]);
        },
      ),
  };

  app.route({
    ...routeOf(adminReportsEndpoints.export),
    handler: async (request, reply) => {
      const { kind } = request.params;
      const { from, to } = exportRange(request.query);
      const asked = request.query.lang ?? (await request.locale());
      const lang = exportLanguages.find((code) => code === asked) ?? 'en';
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'export.download',
          subject: { type: 'export', id: kind },
        },
        async () => ({ result: null, before: null, after: { kind, from, to, lang } }),
      );
      const { internal_currency_rate_eur: rate } = await getStoredSettings(app.db);
      const range = { from: new Date(`${from}T00:00:00Z`), to: new Date(`${addDays(to, 1)}T00:00:00Z`) };
      const body = csvDocument(csvDialect(lang), exportHeaders[kind][lang], readers[kind](range, lang, rate));
      return sendPrivate(reply, {
        body: Readable.from(body),
        contentType: 'text/csv; charset=utf-8',
        filename: `${kind}-${from}-${to}.csv`,
      });
    },
  });
}
