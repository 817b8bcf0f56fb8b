import { type WalletMovementsQuery, walletEndpoints } from '@promptmarket/contracts/wallet';
import { type ApiClient, endpointUrl } from '../../lib/api-client';

/** The wallet's calls, each from the endpoint its contract declares. */
export const getWalletMovements = (api: ApiClient, query: WalletMovementsQuery) =>
  api.call(walletEndpoints.movements, { query });

/** The CSV of the movements: a plain link, since the browser sends the session with it. */
/** The CSV download in the page's language: a link sends no language header, so it names it. */
export const walletExportHref = (kind: string | undefined, lang: string) =>
  endpointUrl(walletEndpoints.export, { query: { kind, lang } });
