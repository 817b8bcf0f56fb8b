import { adminReportsEndpoints, type ExportKind } from '@promptmarket/contracts/admin-reports';
import { adminSepaEndpoints } from '@promptmarket/contracts/admin-sepa';
import { type ApiClient, endpointUrl } from '../../lib/api-client';

/** The back office's books: the sales report, the CSV exports and the SEPA files exported so far. */

export const getSalesReport = (api: ApiClient, query: URLSearchParams) =>
  api.call(adminReportsEndpoints.sales, { query });

export const getPayoutBatches = (api: ApiClient, query: URLSearchParams) =>
  api.call(adminSepaEndpoints.batches, { query });

/** The address of an export, which the browser downloads with the admin's session cookie. */
export function exportUrl(
  kind: ExportKind,
  query: { from?: string | undefined; to?: string | undefined; lang: string },
): string {
  const filled = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
  return endpointUrl(adminReportsEndpoints.export, { params: { kind }, query: filled });
}
