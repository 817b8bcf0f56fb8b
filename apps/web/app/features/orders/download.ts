import { LANGUAGE_HEADER } from '@promptmarket/contracts/locale';

/** The filename of a Content-Disposition, `download.zip` when it names none. */
export function filenameOf(disposition: string | null): string {
  if (!disposition) return 'download.zip';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? 'download.zip';
}

/**
 * Downloads a file from the API and saves it under the server's filename, reporting progress
 * in percent. Anything but a file (400, 422, 500…) is read as JSON `{message}` and thrown.
 */
export async function downloadFile(url: string, locale: string, onProgress: (percent: number) => void) {
  const response = await fetch(url, { credentials: 'include', headers: { [LANGUAGE_HEADER]: locale } });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? '');
  }
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total) onProgress(Math.min(100, Math.round((received / total) * 100)));
    }
  }
  onProgress(100);
  const blob = new Blob(chunks as BlobPart[], { type: type || 'application/zip' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filenameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
