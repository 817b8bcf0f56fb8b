import { useState } from 'react';
import type { BrowserApi, FileAnswer } from '../../lib/api-browser';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { saveFile } from './download';

/** Download failures (spec section 8): the server's message, else "An error occurred during download". */
export function useDownload() {
  const { t } = useTranslation();
  const api = useApi();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(
    fetchFile: (client: BrowserApi, onProgress: typeof setProgress) => Promise<FileAnswer>,
  ) {
    setError(null);
    setProgress(0);
    try {
      saveFile(await fetchFile(api, setProgress));
    } catch (caught) {
      // A call without an answer, or an answer without the API's JSON, has only a status text.
      const said = caught instanceof ApiError ? caught.body?.message : undefined;
      setError(typeof said === 'string' && said.trim() ? said : t('orders.downloadFailed'));
    } finally {
      setProgress(null);
    }
  }
  return { progress, error, download };
}
