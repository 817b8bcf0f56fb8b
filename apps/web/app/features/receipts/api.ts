import { endpointPath } from '@promptmarket/contracts/endpoint';
import { type ReceiptKind, receiptEndpoints } from '@promptmarket/contracts/receipts';
import type { ApiClient } from '../../lib/api-client';

/** The receipts' calls, each from the endpoint its contract declares. */
export const getReceipt = (api: ApiClient, kind: ReceiptKind, id: number) =>
  api.call(receiptEndpoints.receipt, { params: { kind, id } });

/** The PDF: a plain link, since the browser sends the session with it; it names the page's language. */
export const receiptPdfHref = (kind: ReceiptKind, id: number, locale: string) =>
  `/api${endpointPath(receiptEndpoints.pdf.path, { kind, id })}?lang=${encodeURIComponent(locale)}`;
