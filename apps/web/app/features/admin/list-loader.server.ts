import { serverApi } from '../../lib/api.server';
import type { ApiClient } from '../../lib/api-client';
import { listQuery } from './list-controls';

/**
 * A list screen's loader: asks for the page the address names (`listQuery`, or the screen's own
 * query) as the signed-in admin. A list that could not be loaded is `null`, which the screen says
 * in place of its table, so the rest of the screen still works.
 */
export async function loadList<List>(
  { request, context, params }: { request: Request; context: unknown; params: { locale: string } },
  get: (api: ApiClient, query: URLSearchParams) => Promise<{ payload: List }>,
  query = listQuery(request),
): Promise<{ list: List | null }> {
  try {
    const { payload } = await get(serverApi(request, context, params.locale, true), query);
    return { list: payload };
  } catch {
    return { list: null };
  }
}
