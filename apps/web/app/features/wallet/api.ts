import { type WalletMovementsQuery, walletEndpoints } from '@promptmarket/contracts/wallet';
import type { ApiClient } from '../../lib/api-client';

/** The wallet's calls, each from the endpoint its contract declares. */
export const getWalletMovements = (api: ApiClient, query: WalletMovementsQuery) =>
  api.call(walletEndpoints.movements, { query });

/** The CSV of the movements: a plain link, since the browser sends the session with it. */
export const walletExportHref = (kind?: string) =>
  `/api${walletEndpoints.export.path}${kind ? `?kind=${encodeURIComponent(kind)}` : ''}`;
